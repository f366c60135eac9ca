import { bitcoinDevAccount, broadcast, buildTransfer } from '@portico/test-wallets/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1'
import { p2wpkh } from '@scure/btc-signer'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Bitcoin Core's regtest address parameters (contracts.md). */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
export interface Utxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean }
}

/**
 * The stack's Bitcoin devnet as a journey sees it: its Esplora API (facts are checked there) and payments
 * from a dev key, built and signed the way a wallet does (`fund` of the devnet lives in globalSetup's process).
 */
export function bitcoinNode(url: string) {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`)
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const utxos = (address: string) => get<Utxo[]>(`/address/${address}/utxo`)
  /** Waits for the transaction's block (the stack mines one a second). */
  async function confirmed(txid: string) {
    await expect.poll(async () => (await get<{ confirmed: boolean }>(`/tx/${txid}/status`)).confirmed, { timeout: 20_000, interval: 250 }).toBe(true)
  }
  /** Pays `sats` from dev account `from` to `address` and waits until it is mined; returns the txid. */
  async function fund(address: string, sats: bigint, from: number): Promise<string> {
    const tx = await buildTransfer(url, bitcoinDevAccount(from).payment, { recipients: [{ address, amount: sats }], feeRate: 2 })
    const txid = await broadcast(url, tx)
    await confirmed(txid)
    return txid
  }
  return { get, utxos, confirmed, fund }
}

/** A P2WPKH address on the devnet nobody here holds coins of. */
export function freshAddress(): string {
  return p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), REGTEST).address!
}

const SHOTS = fileURLToPath(new URL('../../screenshots/bitcoin', import.meta.url))

/** The page as it is, in screenshots/bitcoin/ (git-ignored), dark or light as the page is, desktop or narrow. */
export async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}
