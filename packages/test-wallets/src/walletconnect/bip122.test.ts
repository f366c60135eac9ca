// @vitest-environment node
/**
 * The WalletConnect test wallet's bip122 namespace through the Portico server's relay: the proposal
 * approved with the payment and ordinal addresses, WalletConnect's Bitcoin RPC answered with the dev
 * keys, rejections, and bip122_addressesChanged on an account switch.
 */
import { startTestServer } from '@portico/server/testing'
import { freePort } from '@portico/server/relay/testing'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bitcoinDevAccount } from '../bitcoin/keys'
import { recoverMessageSigner } from '../bitcoin/message'
import { BITCOIN_DEVNET_CAIP2, REGTEST } from '../bitcoin/network'
import { psbtBase64 } from '../bitcoin/psbt'
import { createTestDapp } from './testing'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from './wallet'

let server: Awaited<ReturnType<typeof startTestServer>>
let relay: string
const dataDir = mkdtempSync(join(tmpdir(), 'portico-wc-bip122-'))
const toClose: Array<{ close(): Promise<void> }> = []

beforeAll(async () => {
  const port = await freePort()
  server = await startTestServer({ port, dataDir, databaseUrl: undefined, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } })
  relay = `ws://127.0.0.1:${port}/relay`
}, 90_000)
afterAll(async () => {
  for (const c of toClose.reverse()) await c.close().catch(() => undefined)
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

describe('WalletConnect test wallet: the bip122 namespace', () => {
  let wallet: WalletConnectTestWallet
  let dapp: Awaited<ReturnType<typeof createTestDapp>>
  let topic: string
  const keys = bitcoinDevAccount(2)
  const request = <T>(method: string, params: unknown) => dapp.client.request<T>({ topic, chainId: BITCOIN_DEVNET_CAIP2, request: { method, params } })

  test('a bip122 proposal is approved with the payment and the ordinal address', async () => {
    wallet = await createWalletConnectTestWallet({
      relayUrl: relay,
      privateKey: DEV_ACCOUNTS[1]!.privateKey,
      rpc: { [BITCOIN_DEVNET_CAIP2]: 'http://127.0.0.1:1' },
      bitcoinAccount: 2,
    })
    dapp = await createTestDapp(relay)
    toClose.push(wallet, dapp)
    const { uri, approval } = await dapp.connect([BITCOIN_DEVNET_CAIP2])
    const approved = approval()
    await wallet.pair(uri!)
    const session = await approved
    topic = session.topic
    expect(session.namespaces.bip122).toMatchObject({
      accounts: [`${BITCOIN_DEVNET_CAIP2}:${keys.payment.address}`, `${BITCOIN_DEVNET_CAIP2}:${keys.ordinal.address}`],
      methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
      events: ['bip122_addressesChanged'],
    })
  })

  test("getAccountAddresses, signMessage (ECDSA), signPsbt (the wallet's inputs, finalized)", async () => {
    const addresses = await request<{ address: string; intention: string }[]>('getAccountAddresses', { account: keys.payment.address })
    expect(addresses.map((a) => [a.intention, a.address])).toEqual([
      ['payment', keys.payment.address],
      ['ordinal', keys.ordinal.address],
    ])
    const signed = await request<{ address: string; signature: string }>('signMessage', {
      account: keys.payment.address,
      address: keys.payment.address,
      message: 'hello bip122',
    })
    expect(recoverMessageSigner(new TextEncoder().encode('hello bip122'), base64.decode(signed.signature))).toEqual(keys.payment.publicKey)

    const tx = new Transaction()
    tx.addInput({ txid: 'ab'.repeat(32), index: 0, witnessUtxo: { script: keys.payment.script, amount: 30_000n } })
    tx.addOutputAddress(keys.ordinal.address, 29_000n, REGTEST)
    const { psbt } = await request<{ psbt: string }>('signPsbt', {
      account: keys.payment.address,
      psbt: psbtBase64(tx),
      signInputs: [{ address: keys.payment.address, index: 0 }],
    })
    expect(Transaction.fromPSBT(base64.decode(psbt)).isFinal).toBe(true)
  })

  test('errors: a malformed PSBT is -32602, a rejected request 4001', async () => {
    await expect(request('signPsbt', { account: keys.payment.address, psbt: 'bm90IGEgcHNidA==' })).rejects.toMatchObject({ code: -32602 })
    wallet.rejectNext('request')
    await expect(request('signMessage', { account: keys.payment.address, address: keys.payment.address, message: 'no' })).rejects.toMatchObject({ code: 4001 })
  })

  test('an account switch updates the session and emits bip122_addressesChanged', async () => {
    const event = new Promise<{ name: string; data: unknown }>((resolve) => dapp.client.on('session_event', ({ params }) => resolve(params.event)))
    await wallet.switchBitcoinAccount(3)
    const { name, data } = await event
    expect(name).toBe('bip122_addressesChanged')
    expect((data as { address: string }[])[0]!.address).toBe(bitcoinDevAccount(3).payment.address)
  })
})
