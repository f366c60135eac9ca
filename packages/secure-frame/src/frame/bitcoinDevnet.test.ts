// @vitest-environment node
/**
 * The bip122 family against a real Bitcoin node (the devnet's bcoin regtest, issue 30) through the real Portico
 * server's Esplora proxy (`/v1/bip122/{reference}/esplora/*`, `/fee-rates`): sendTransfer reads the payment
 * address's coins and the fee rate, builds, shows, signs and broadcasts; signPsbt with broadcast; the node
 * validates every signature.
 */
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { startTestServer } from '@portico/server/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bitcoinNetworkOf } from '../families/bip122.js'
import { bitcoinAccounts } from '../families/bip122Accounts.js'
import { deriveKeys } from '../keys.js'
import type { ApprovalContent } from './approval.js'
import { handleRpc, keyFamilies } from './rpc/index.js'
import type { FrameSession } from './session.js'

const REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328'
// The devnet's dev account 0 is this wallet: the same mnemonic, BIP-84/BIP-86 with coin type 1.
const keys = deriveKeys(mnemonicToEntropy('test test test test test test test test test test test junk', wordlist), keyFamilies)
const [payment, ordinal] = bitcoinAccounts(keys.secretKeys.bip122!, bitcoinNetworkOf(REGTEST)!)

let devnet: BitcoinDevnet
let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
  server = await startTestServer({ rpcUrls: { [devnet.caip2]: devnet.url }, rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 } })
}, 120_000)

afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

function frame() {
  const shown: ApprovalContent[] = []
  const session = {
    chainId: `bip122:${REGTEST}`,
    config: { apiUrl: server.url, projectId: 'portico-dev', rpcChains: [`bip122:${REGTEST}`] },
    rpcUrlFor: () => undefined,
    wallet: { keys: { keys } },
    approvals: { approve: async (content: ApprovalContent) => (shown.push(content), true) },
  } as unknown as FrameSession
  const rpc = (method: string, params: unknown) => handleRpc(session, { method, params, chainId: REGTEST, chainNamespace: 'bip122' })
  return { rpc, shown }
}

const utxos = async (address: string) =>
  (await (await fetch(`${devnet.url}/address/${address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]

describe('bip122 on the devnet (a real node)', () => {
  test("default: the wallet is the devnet's dev account 0", () => {
    expect(payment.address).toBe(devnet.accounts[0]!.payment.address)
    expect(ordinal.address).toBe(devnet.accounts[0]!.ordinal.address)
  })

  test('default: sendTransfer 0.1 BTC: shown with inputs, outputs and fee, broadcast, mined; the recipient gets exactly 0.1 BTC', async () => {
    const { rpc, shown } = frame()
    const recipient = devnet.accounts[1]!.payment.address
    const before = await utxos(recipient)
    const { txid } = (await rpc('bip122_sendTransfer', { recipientAddress: recipient, amount: '10000000' })) as { txid: string }
    await devnet.mine(1)
    const received = (await utxos(recipient)).filter((u) => !before.some((b) => b.txid === u.txid))
    expect(received).toEqual([{ txid, vout: expect.any(Number), value: 10_000_000, status: expect.objectContaining({ confirmed: true }) }])
    const screen = shown[0]!
    expect(screen.title).toBe('Send bitcoin')
    expect(screen.rows.map((r) => r.label)).toEqual(['Network', 'Sent to others', 'Network fee', 'Fee rate'])
    expect(screen.rows[1]!.value).toBe('0.1 BTC')
    expect(screen.sections!.some((s) => s.title.endsWith('· change'))).toBe(true)
    // The devnet's normal rate (target 6) is 5 sat/vB.
    expect(screen.rows[3]!.value).toMatch(/^≈ 5(\.\d)? sat\/vB$/)
    // Only the payment address's coins are spent, never the ordinal address's.
    const tx = (await (await fetch(`${devnet.url}/tx/${txid}`)).json()) as { vin: { prevout: { scriptpubkey_address: string } }[] }
    expect(new Set(tx.vin.map((i) => i.prevout.scriptpubkey_address))).toEqual(new Set([payment.address]))
  })

  test('default: signPsbt with broadcast sends a host-built PSBT; the node accepts the signature', async () => {
    const { rpc } = frame()
    const [coin] = await utxos(payment.address)
    const tx = new Transaction()
    tx.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script: payment.script, amount: BigInt(coin!.value) } })
    tx.addOutputAddress(devnet.accounts[2]!.payment.address, 50_000n, bitcoinNetworkOf(REGTEST)!.params)
    tx.addOutput({ script: payment.script, amount: BigInt(coin!.value) - 50_000n - 2_000n })
    const result = (await rpc('bip122_signPsbt', { psbt: base64.encode(tx.toPSBT()), broadcast: true })) as { psbt: string; txid: string }
    expect(result.txid).toMatch(/^[0-9a-f]{64}$/)
    const status = (await (await fetch(`${devnet.url}/tx/${result.txid}/status`)).json()) as { confirmed: boolean }
    expect(status.confirmed).toBe(false)
    await devnet.mine(1)
    expect(((await (await fetch(`${devnet.url}/tx/${result.txid}/status`)).json()) as { confirmed: boolean }).confirmed).toBe(true)
    // The same coin again: the node's reason reaches the host (through the proxy's { error, reason }), as -32602.
    const again = await rpc('bip122_signPsbt', { psbt: base64.encode(tx.toPSBT()), broadcast: true }).catch((e: Error & { code: number }) => e)
    expect([(again as { code: number }).code, (again as Error).message]).toEqual([-32602, expect.stringMatching(/^The network refused the transaction: \S+/)])
    expect((again as Error).message).toContain('txn-already-known')
    expect((again as Error).message).not.toContain('Transaction rejected')
  })

  test('error: insufficient balance, dust and a mainnet address are refused with -32602 before any screen', async () => {
    const { rpc, shown } = frame()
    const refused = (params: unknown) =>
      rpc('bip122_sendTransfer', params).then(
        () => expect.unreachable(),
        (e: Error & { code: number }) => [e.code, e.message],
      )
    expect(await refused({ recipientAddress: devnet.accounts[1]!.payment.address, amount: '9000000000000' })).toEqual([
      -32602,
      expect.stringMatching(/^Insufficient balance/),
    ])
    expect(await refused({ recipientAddress: devnet.accounts[1]!.payment.address, amount: '293' })).toEqual([
      -32602,
      expect.stringMatching(/dust limit of 294/),
    ])
    expect(await refused({ recipientAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: '10000' })).toEqual([
      -32602,
      expect.stringMatching(/not a valid address on this network/),
    ])
    expect(shown).toEqual([])
  })
})
