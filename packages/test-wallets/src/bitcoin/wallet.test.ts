import { secp256k1 } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { describe, expect, test, vi } from 'vitest'
import { bitcoinDevAccount } from './keys'
import { recoverMessageSigner } from './message'
import { REGTEST } from './network'
import { psbtBase64 } from './psbt'
import type { BitcoinApprovalRequest } from './types'
import { createBitcoinTestWallet } from './wallet'

type Feature<T> = Record<string, T>
const utf8 = (s: string) => new TextEncoder().encode(s)

function setup(approve: (r: BitcoinApprovalRequest) => boolean = () => true) {
  const asked: BitcoinApprovalRequest[] = []
  const handle = createBitcoinTestWallet({ accountIndex: 3, origin: 'https://dapp.test', onApprovalRequest: (r) => (asked.push(r), approve(r)) })
  const f = handle.wallet.features as Feature<Record<string, (...args: any[]) => Promise<any>>>
  return { handle, asked, f }
}

function psbtFor(address: string, script: Uint8Array) {
  const tx = new Transaction()
  tx.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script, amount: 20_000n } })
  tx.addOutputAddress(address, 19_000n, REGTEST)
  return tx
}

describe('Wallet Standard face', () => {
  test("bitcoin:connect asks once and returns the accounts in the purposes' order", async () => {
    const { handle, asked, f } = setup()
    const changes: unknown[] = []
    f['standard:events']!.on!('change', (p: unknown) => changes.push(p))
    const { accounts } = await f['bitcoin:connect']!.connect!({ purposes: ['ordinals', 'payment'] })
    const keys = bitcoinDevAccount(3)
    expect(accounts.map((a: { address: string }) => a.address)).toEqual([keys.ordinal.address, keys.payment.address])
    expect(asked).toHaveLength(1)
    expect(handle.wallet.accounts).toHaveLength(2)
    expect(changes).toHaveLength(1)
    await f['bitcoin:connect']!.connect!({ purposes: ['payment'] })
    expect(asked).toHaveLength(1)
    handle.setAccount(4)
    expect(handle.wallet.accounts[0]!.address).toBe(bitcoinDevAccount(4).payment.address)
    expect(changes).toHaveLength(2)
  })

  test('standard:connect silent (a reload): a site approved before gets its accounts without a prompt; another gets none, unasked', async () => {
    const stored = new Map<string, string>()
    vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) })
    try {
      const asked: BitcoinApprovalRequest[] = []
      const open = () =>
        createBitcoinTestWallet({ storageKey: 'btc', accountIndex: 3, origin: 'https://dapp.test', onApprovalRequest: (r) => (asked.push(r), true) })
      const connect = (handle: ReturnType<typeof open>) =>
        (handle.wallet.features as Feature<Record<string, (...args: any[]) => Promise<any>>>)['standard:connect']!.connect!({ silent: true })
      const first = open()
      expect((await connect(first)).accounts).toEqual([])
      expect(asked).toHaveLength(0)
      await (first.wallet.features as Feature<Record<string, (...args: any[]) => Promise<any>>>)['bitcoin:connect']!.connect!({})
      expect(asked).toHaveLength(1)
      // The page reloads: a new wallet object, the approval kept in the site's storage.
      const reloaded = open()
      expect(reloaded.wallet.accounts).toEqual([])
      const { accounts } = await connect(reloaded)
      expect(accounts.map((a: { address: string }) => a.address)).toEqual([bitcoinDevAccount(3).payment.address, bitcoinDevAccount(3).ordinal.address])
      expect(asked).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('a rejected connect is 4001; signing before connecting is 4100', async () => {
    const { f } = setup(() => false)
    await expect(f['bitcoin:connect']!.connect!({ purposes: ['payment'] })).rejects.toMatchObject({ code: 4001 })
    const { f: g } = setup()
    await expect(
      g['bitcoin:signMessage']!.signMessage!({ account: { address: bitcoinDevAccount(3).payment.address }, message: utf8('hi') }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  test('signMessage: ECDSA for the payment account, BIP-322 on request', async () => {
    const { f } = setup()
    const [payment] = (await f['bitcoin:connect']!.connect!({ purposes: ['payment'] })).accounts
    const [ecdsa] = await f['bitcoin:signMessage']!.signMessage!({ account: payment, message: utf8('hello') })
    expect(ecdsa.signature).toHaveLength(65)
    expect(recoverMessageSigner(utf8('hello'), ecdsa.signature)).toEqual(bitcoinDevAccount(3).payment.publicKey)
    const [bip322] = await f['bitcoin:signMessage']!.signMessage!({ account: payment, message: utf8('hello'), protocol: 'bip322' })
    expect(bip322.signatureType).toBe('bip322')
    expect(bip322.signature[0]).toBe(2) // two witness items
  })

  test('signTransaction: the latest shape (account, string sighash) and the earlier one (address, number)', async () => {
    const { f } = setup()
    const [payment] = (await f['bitcoin:connect']!.connect!({ purposes: ['payment'] })).accounts
    const keys = bitcoinDevAccount(3)
    const psbt = psbtFor(keys.ordinal.address, keys.payment.script).toPSBT()
    const [out] = await f['bitcoin:signTransaction']!.signTransaction!({
      psbt,
      inputsToSign: [{ account: payment, signingIndexes: [0], sigHash: 'ALL|ANYONECANPAY' }],
      chain: 'bitcoin:regtest',
    })
    const signed = Transaction.fromPSBT(out.signedPsbt)
    expect(signed.isFinal).toBe(true)
    expect(signed.getInput(0).finalScriptWitness![0]!.at(-1)).toBe(0x81)
    const earlier = await f['bitcoin:signTransaction']!.signTransaction!({
      psbt,
      inputsToSign: [{ address: keys.payment.address, signingIndexes: [0], sigHash: 1 }],
    })
    expect(Transaction.fromPSBT(earlier.psbt).isFinal).toBe(true)
    await expect(
      f['bitcoin:signTransaction']!.signTransaction!({ psbt: utf8('nope'), inputsToSign: [{ account: payment, signingIndexes: [0] }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})

describe('sats-connect face', () => {
  test('getAddresses, signMessage, signPsbt in the documented envelopes', async () => {
    const { handle, asked } = setup()
    const keys = bitcoinDevAccount(3)
    const sc = handle.satsConnect
    expect(await sc.request('signMessage', { address: keys.payment.address, message: 'x' })).toMatchObject({ jsonrpc: '2.0', error: { code: -32002 } })
    const got = await sc.request('getAddresses', { purposes: ['payment', 'ordinals'] })
    expect(got).toMatchObject({
      jsonrpc: '2.0',
      result: {
        addresses: [
          { address: keys.payment.address, purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
          { address: keys.ordinal.address, purpose: 'ordinals', addressType: 'p2tr' },
        ],
        network: { bitcoin: { name: 'Regtest' } },
      },
    })
    const msg = (await sc.request('signMessage', { address: keys.payment.address, message: 'hello', protocol: 'ECDSA' })) as {
      result: { signature: string; protocol: string }
    }
    expect(msg.result.protocol).toBe('ECDSA')
    expect(recoverMessageSigner(utf8('hello'), base64.decode(msg.result.signature))).toEqual(keys.payment.publicKey)
    const taproot = (await sc.request('signMessage', { address: keys.ordinal.address, message: 'hello' })) as { result: { protocol: string } }
    expect(taproot.result.protocol).toBe('BIP322')

    const psbt = psbtBase64(psbtFor(keys.payment.address, keys.payment.script))
    const signed = (await sc.request('signPsbt', { psbt, signInputs: { [keys.payment.address]: [0] } })) as { result: { psbt: string } }
    expect(Transaction.fromPSBT(base64.decode(signed.result.psbt)).isFinal).toBe(true)
    const der = Transaction.fromPSBT(base64.decode(signed.result.psbt)).getInput(0).finalScriptWitness![0]!
    expect(() => secp256k1.Signature.fromDER(der.slice(0, -1))).not.toThrow()
    expect(asked.map((r) => r.method)).toEqual(['connect', 'signMessage', 'signMessage', 'signPsbt'])
  })

  test('errors resolve as envelopes: rejection -32000, bad params -32602, unknown method -32601', async () => {
    let allow = true
    const { handle } = setup(() => allow)
    const sc = handle.satsConnect
    await sc.request('getAddresses', { purposes: ['payment'] })
    allow = false
    const keys = bitcoinDevAccount(3)
    expect(await sc.request('signMessage', { address: keys.payment.address, message: 'x' })).toMatchObject({ error: { code: -32000 } })
    expect(await sc.request('signPsbt', { psbt: 'garbage' })).toMatchObject({ error: { code: -32602 } })
    expect(await sc.request('sendTransfer', { recipients: [] })).toMatchObject({ error: { code: -32602 } })
    expect(await sc.request('stx_transfer', {})).toMatchObject({ error: { code: -32601 } })
    const events: unknown[] = []
    sc.addListener({ eventName: 'accountChange', cb: (e: unknown) => events.push(e) })
    handle.setAccount(5)
    expect(events).toEqual([
      expect.objectContaining({
        type: 'accountChange',
        addresses: expect.arrayContaining([expect.objectContaining({ address: bitcoinDevAccount(5).payment.address })]),
      }),
    ])
  })
})
