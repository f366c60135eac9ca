// The Docs Bitcoin Wallet on the real devnet (bcoin regtest + its Esplora API): an app's PSBT signed and sent
// through bitcoin:signAndSendTransaction, sats-connect's signPsbt with broadcast and sendTransfer, each mined.
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_NETWORK } from '@portico/devnet/bitcoin-constants'
import { type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet/bitcoin'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDocsBitcoinWallet } from './docsWallet'
import { DocsWalletError } from './errors'
import { getUtxos } from './esplora'
import { createDocsSatsConnectProvider } from './satsConnectProvider'
import { createDocsStandardWallet } from './standardWallet'

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
})
afterAll(async () => {
  await devnet?.stop()
})

const statusSchema = v.object({ confirmed: v.boolean(), block_height: v.optional(v.number()) })

async function confirmed(txid: string): Promise<boolean> {
  const response = await fetch(`${devnet.url}/tx/${txid}/status`)
  return v.parse(statusSchema, await response.json()).confirmed
}

/** What an app does: a PSBT paying `amount` from the wallet's payment UTXOs to `to`, change back, fee 2,000 sat. */
async function appPsbt(from: { address: string; script: Uint8Array }, to: string, amount: bigint): Promise<Uint8Array> {
  const utxos = (await getUtxos(devnet.url, from.address)).filter((u) => u.status.confirmed)
  const utxo = utxos.find((u) => BigInt(u.value) > amount + 2_000n)
  if (!utxo) throw new Error('no UTXO large enough')
  const tx = new Transaction()
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: from.script, amount: BigInt(utxo.value) } })
  tx.addOutputAddress(to, amount, BITCOIN_DEVNET_NETWORK)
  tx.addOutput({ script: from.script, amount: BigInt(utxo.value) - amount - 2_000n })
  return tx.toPSBT()
}

async function receivedBy(address: string, txid: string): Promise<number[]> {
  return (await getUtxos(devnet.url, address)).filter((u) => u.txid === txid).map((u) => u.value)
}

describe('Docs Bitcoin Wallet on the devnet', () => {
  test('default: bitcoin:signAndSendTransaction broadcasts an app’s PSBT; it is mined; the recipient holds exactly 0.1 BTC', async () => {
    const core = createDocsBitcoinWallet({ url: devnet.url })
    const wallet = createDocsStandardWallet(core)
    const [payment] = (await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    if (!payment) throw new Error('no account')
    const recipient = BITCOIN_DEV_ACCOUNTS[7]?.payment.address ?? ''
    const psbt = await appPsbt(core.account.payment, recipient, 10_000_000n)
    const [sent] = await wallet.features['bitcoin:signAndSendTransaction'].signAndSendTransaction({
      psbt,
      chain: 'bitcoin:regtest',
      inputsToSign: [{ account: payment, signingIndexes: [0], sigHash: 'ALL' }],
    })
    const txId = sent?.txId ?? ''
    expect(txId).toMatch(/^[0-9a-f]{64}$/)
    expect(await confirmed(txId)).toBe(false)
    await devnet.mine(1)
    expect(await confirmed(txId)).toBe(true)
    expect(await receivedBy(recipient, txId)).toEqual([10_000_000])
  })

  test('behavior: sats-connect signPsbt with broadcast, and sendTransfer choosing its own coins', async () => {
    const core = createDocsBitcoinWallet({ url: devnet.url, accountIndex: 8 })
    const provider = createDocsSatsConnectProvider(core)
    await provider.request('wallet_connect', { addresses: ['payment', 'ordinals'] })
    const recipient = BITCOIN_DEV_ACCOUNTS[9]?.payment.address ?? ''

    const psbt = base64.encode(await appPsbt(core.account.payment, recipient, 25_000_000n))
    const signed = await provider.request('signPsbt', { psbt, signInputs: { [core.account.payment.address]: [0] }, broadcast: true })
    if (!('result' in signed)) throw new Error(JSON.stringify(signed))
    const { txid: psbtTxid } = signed.result as { txid: string }

    const sent = await provider.request('sendTransfer', { recipients: [{ address: recipient, amount: 12_345_678 }] })
    if (!('result' in sent)) throw new Error(JSON.stringify(sent))
    const { txid } = sent.result as { txid: string }
    await devnet.mine(1)
    expect(await confirmed(psbtTxid)).toBe(true)
    expect(await confirmed(txid)).toBe(true)
    expect(await receivedBy(recipient, psbtTxid)).toEqual([25_000_000])
    expect(await receivedBy(recipient, txid)).toEqual([12_345_678])
    // The change went back to the payment address.
    const change = await receivedBy(core.account.payment.address, txid)
    expect(change).toHaveLength(1)
  })

  test('error: a double spend is refused by the node; the reason travels as data of a broadcast error', async () => {
    const core = createDocsBitcoinWallet({ url: devnet.url, accountIndex: 3 })
    const wallet = createDocsStandardWallet(core)
    const [payment] = (await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    if (!payment) throw new Error('no account')
    const psbt = await appPsbt(core.account.payment, BITCOIN_DEV_ACCOUNTS[4]?.payment.address ?? '', 1_000_000n)
    const send = () =>
      wallet.features['bitcoin:signAndSendTransaction'].signAndSendTransaction({ psbt, inputsToSign: [{ account: payment, signingIndexes: [0] }] })
    await send()
    await devnet.mine(1)
    const error = await send().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DocsWalletError)
    expect(error).toMatchObject({ reason: 'Broadcast', data: { status: 400 } })
    expect(String((error as DocsWalletError & { data: { nodeReason: string } }).data.nodeReason).length).toBeGreaterThan(0)
  })
})
