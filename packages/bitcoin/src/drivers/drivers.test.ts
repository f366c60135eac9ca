// @vitest-environment node
/**
 * Each driver against a small fake of the wallet's documented API: the bip122 methods map to the
 * wallet's calls, replies are checked with schemas (a malformed one is a typed error), wallet
 * errors keep their codes.
 */
import { ProviderRequestError, UserRejectedRequestError } from '@portico/core'
import { BITCOIN_DEV_ACCOUNTS } from '@portico/devnet/bitcoin-constants'
import { base64, hex } from '@scure/base'
import type { Wallet } from '@wallet-standard/base'
import { describe, expect, test, vi } from 'vitest'
import { BitcoinAdapter } from '../BitcoinAdapter.js'
import { injectedBitcoinWallets, standardBitcoinWallets } from '../discovery.js'
import { toPorticoError } from '../errors.js'
import type { BitcoinWallet } from './provider.js'

const { payment, ordinal } = BITCOIN_DEV_ACCOUNTS[0]!
const TXID = 'ab'.repeat(32)
const PSBT = base64.encode(new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 1, 2]))
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return toPorticoError(error)
  }
  throw new Error('expected a rejection')
}

function standardWallet(overrides: Record<string, unknown> = {}) {
  const account = (address: string, publicKey: string) => ({ address, publicKey: hex.decode(publicKey), chains: ['bitcoin:regtest'], features: [] })
  const accounts = [account(payment.address, payment.publicKey), account(ordinal.address, ordinal.publicKey)]
  const calls = { connect: vi.fn(), signTransaction: vi.fn(), signMessage: vi.fn() }
  const wallet = {
    version: '1.0.0',
    name: 'Fake Standard',
    icon: ICON,
    chains: ['bitcoin:regtest'],
    accounts,
    features: {
      'bitcoin:connect': { version: '1.0.0', connect: async (input: unknown) => (calls.connect(input), { accounts }) },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: unknown[]) => (
          calls.signMessage(...inputs), [{ signedMessage: new Uint8Array(1), signature: new Uint8Array(65).fill(1) }]
        ),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async (...inputs: unknown[]) => (calls.signTransaction(...inputs), [{ signedPsbt: base64.decode(PSBT) }]),
      },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      ...overrides,
    },
  } as unknown as Wallet
  return { wallet, calls }
}

describe('Wallet Standard (bitcoin:*)', () => {
  test('restore: the accounts the wallet lists; none listed (a reload), standard:connect asked silently; neither, nothing', async () => {
    const { wallet } = standardWallet()
    const [listed] = standardBitcoinWallets([wallet])
    expect((await listed!.restore!()).map((a) => a.address)).toEqual([payment.address, ordinal.address])
    const silent = vi.fn(async () => ({ accounts: (wallet.accounts as unknown[]).slice(0, 1) }))
    const asleep = { ...standardWallet({ 'standard:connect': { version: '1.0.0', connect: silent } }).wallet, accounts: [] } as unknown as Wallet
    const [restored] = standardBitcoinWallets([asleep])
    expect((await restored!.restore!()).map((a) => a.address)).toEqual([payment.address])
    expect(silent).toHaveBeenCalledWith({ silent: true })
    const [none] = standardBitcoinWallets([{ ...wallet, accounts: [] } as unknown as Wallet])
    expect(await none!.restore!()).toEqual([])
  })

  test('connect asks for payment and ordinals; accounts keep their intentions; sign message and PSBT map to the features', async () => {
    const { wallet, calls } = standardWallet()
    const [driven] = standardBitcoinWallets([wallet])
    const addresses = await driven!.provider.request({ method: 'getAccountAddresses', params: {} })
    expect(calls.connect).toHaveBeenCalledWith({ purposes: ['payment', 'ordinals'] })
    expect(addresses).toEqual([
      { address: payment.address, publicKey: payment.publicKey, intention: 'payment' },
      { address: ordinal.address, publicKey: ordinal.publicKey, intention: 'ordinal' },
    ])
    const signed = await driven!.provider.request({ method: 'signMessage', params: { address: payment.address, message: 'hi' } })
    expect(signed).toEqual({ address: payment.address, signature: base64.encode(new Uint8Array(65).fill(1)) })
    expect(calls.signMessage).toHaveBeenLastCalledWith(expect.not.objectContaining({ protocol: expect.anything() }))
    // The protocol asked for (sign-in asks BIP-322 first) reaches the wallet beside the standard's input.
    await driven!.provider.request({ method: 'signMessage', params: { address: payment.address, message: 'hi', protocol: 'bip322' } })
    expect(calls.signMessage).toHaveBeenLastCalledWith(expect.objectContaining({ protocol: 'bip322', message: new TextEncoder().encode('hi') }))
    const psbt = await driven!.provider.request({
      method: 'signPsbt',
      params: {
        psbt: PSBT,
        signInputs: [
          { address: payment.address, index: 0 },
          { address: payment.address, index: 2 },
        ],
      },
    })
    expect(psbt).toEqual({ psbt: PSBT })
    expect(calls.signTransaction).toHaveBeenCalledWith({
      psbt: base64.decode(PSBT),
      chain: 'bitcoin:regtest',
      inputsToSign: [{ account: wallet.accounts[0], signingIndexes: [0, 2] }],
    })
  })

  test('the earlier single-input signTransaction (one object back) works too; a wallet without bitcoin:connect is not listed', async () => {
    const { wallet } = standardWallet({
      'bitcoin:signTransaction': { version: '1.0.0', signTransaction: async () => ({ signedPsbt: base64.decode(PSBT), txId: TXID }) },
    })
    const [driven] = standardBitcoinWallets([wallet])
    expect(await driven!.provider.request({ method: 'signPsbt', params: { psbt: PSBT, signInputs: [{ address: payment.address, index: 0 }] } })).toEqual({
      psbt: PSBT,
      txid: TXID,
    })
    const { wallet: solanaOnly } = standardWallet({ 'bitcoin:connect': undefined })
    expect(standardBitcoinWallets([{ ...solanaOnly, chains: ['solana:devnet'], features: { 'standard:connect': {} } } as unknown as Wallet])).toEqual([])
  })

  test('a malformed connect reply is a typed error; a rejection keeps code 4001', async () => {
    const { wallet } = standardWallet({ 'bitcoin:connect': { version: '1.0.0', connect: async () => ({ accounts: [{ address: 'nope' }] }) } })
    const adapter = new BitcoinAdapter({ discover: (onChange) => (onChange(standardBitcoinWallets([wallet])), () => {}) })
    adapter.setup({ networks: [], events: { accountsChanged() {}, chainChanged() {}, disconnected() {} } })
    adapter.watchConnectors(() => {})
    await expect(adapter.connect({ connectorId: 'Fake Standard' })).rejects.toBeInstanceOf(ProviderRequestError)
    const { wallet: rejecting } = standardWallet({
      'bitcoin:connect': { version: '1.0.0', connect: async () => Promise.reject(Object.assign(new Error('x'), { code: 4001 })) },
    })
    const [driven] = standardBitcoinWallets([rejecting])
    expect(await rejection(driven!.provider.request({ method: 'getAccountAddresses', params: {} }))).toBeInstanceOf(UserRejectedRequestError)
  })
})

const only = (wallets: BitcoinWallet[]) => {
  expect(wallets).toHaveLength(1)
  return wallets[0]!
}

describe('sats-connect request API (Xverse, Magic Eden)', () => {
  const xverse = (reply: (method: string, params: unknown) => unknown) => {
    const request = vi.fn(async (method: string, params: unknown) => reply(method, params))
    return { request, wallet: only(injectedBitcoinWallets({ XverseProviders: { BitcoinProvider: { request } } })) }
  }

  test('getAddresses by purpose, signMessage (BIP-322), signPsbt with inputs by address, sendTransfer', async () => {
    const { request, wallet } = xverse((method) => {
      const result = {
        getAddresses: {
          addresses: [
            { address: payment.address, publicKey: payment.publicKey, purpose: 'payment', addressType: 'p2wpkh' },
            { address: ordinal.address, publicKey: ordinal.publicKey, purpose: 'ordinals', addressType: 'p2tr' },
            { address: 'SP000', publicKey: '00', purpose: 'stacks' },
          ],
        },
        signMessage: { signature: 'c2ln', messageHash: 'aa', address: payment.address },
        signPsbt: { psbt: PSBT },
        sendTransfer: { txid: TXID },
      }[method]
      return { jsonrpc: '2.0', id: '1', result }
    })
    expect(wallet.name).toBe('Xverse Wallet')
    expect(await wallet.provider.request({ method: 'getAccountAddresses', params: {} })).toEqual([
      { address: payment.address, publicKey: payment.publicKey, intention: 'payment' },
      { address: ordinal.address, publicKey: ordinal.publicKey, intention: 'ordinal' },
    ])
    expect(await wallet.provider.request({ method: 'signMessage', params: { address: payment.address, message: 'hi' } })).toEqual({
      address: payment.address,
      signature: 'c2ln',
    })
    expect(request).toHaveBeenLastCalledWith('signMessage', { address: payment.address, message: 'hi', protocol: 'BIP322' })
    await wallet.provider.request({ method: 'signPsbt', params: { psbt: PSBT, signInputs: [{ address: payment.address, index: 1 }] } })
    expect(request).toHaveBeenLastCalledWith('signPsbt', { psbt: PSBT, signInputs: { [payment.address]: [1] }, broadcast: false })
    expect(await wallet.provider.request({ method: 'sendTransfer', params: { recipientAddress: ordinal.address, amount: '1000' } })).toEqual({ txid: TXID })
    expect(request).toHaveBeenLastCalledWith('sendTransfer', { recipients: [{ address: ordinal.address, amount: 1000 }] })
  })

  test('a JSON-RPC error keeps its code; a malformed result is a typed error', async () => {
    const { wallet } = xverse(() => ({ jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected' } }))
    expect(await rejection(wallet.provider.request({ method: 'getAccountAddresses', params: {} }))).toBeInstanceOf(UserRejectedRequestError)
    const { wallet: broken } = xverse(() => ({ jsonrpc: '2.0', id: '1', result: { addresses: 'many' } }))
    const error = await rejection(broken.provider.request({ method: 'getAccountAddresses', params: {} }))
    expect(error).toBeInstanceOf(ProviderRequestError)
    expect(error).toMatchObject({ code: -32603 })
    expect(only(injectedBitcoinWallets({ magicEden: { bitcoin: { request: async () => ({}) } } })).name).toBe('Magic Eden')
  })
})

describe('Leather (window.LeatherProvider)', () => {
  test('BTC addresses by type, signPsbt in hex with signAtIndex, signMessage with the address type; rejections keep 4001', async () => {
    const request = vi.fn(async (method: string, _params?: unknown) => {
      if (method === 'getAddresses')
        return {
          jsonrpc: '2.0',
          id: '1',
          result: {
            addresses: [
              { symbol: 'BTC', type: 'p2wpkh', address: payment.address, publicKey: payment.publicKey, derivationPath: payment.path },
              { symbol: 'BTC', type: 'p2tr', address: ordinal.address, publicKey: ordinal.publicKey, derivationPath: ordinal.path },
              { symbol: 'STX', address: 'SP000' },
            ],
          },
        }
      if (method === 'signPsbt') return { jsonrpc: '2.0', id: '1', result: { hex: hex.encode(base64.decode(PSBT)) } }
      if (method === 'signMessage') return { jsonrpc: '2.0', id: '1', result: { signature: 'c2ln', address: ordinal.address } }
      throw { jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected' } }
    })
    const wallet = only(injectedBitcoinWallets({ LeatherProvider: { request } }))
    expect(await wallet.provider.request({ method: 'getAccountAddresses', params: {} })).toEqual([
      { address: payment.address, publicKey: payment.publicKey, path: payment.path, intention: 'payment' },
      { address: ordinal.address, publicKey: ordinal.publicKey, path: ordinal.path, intention: 'ordinal' },
    ])
    expect(await wallet.provider.request({ method: 'signPsbt', params: { psbt: PSBT, signInputs: [{ address: payment.address, index: 0 }] } })).toEqual({
      psbt: PSBT,
    })
    expect(request).toHaveBeenLastCalledWith('signPsbt', { hex: hex.encode(base64.decode(PSBT)), signAtIndex: [0], broadcast: false })
    await wallet.provider.request({ method: 'signMessage', params: { address: ordinal.address, message: 'hi' } })
    expect(request).toHaveBeenLastCalledWith('signMessage', { message: 'hi', paymentType: 'p2tr', network: 'regtest' })
    expect(await rejection(wallet.provider.request({ method: 'sendTransfer', params: { recipientAddress: payment.address, amount: '1' } }))).toBeInstanceOf(
      UserRejectedRequestError,
    )
  })
})

describe('OKX (window.okxwallet.bitcoin)', () => {
  test('connect gives the payment address; signPsbt in hex; pushPsbt when broadcasting; restore reads getAccounts; bad replies are typed errors', async () => {
    const okx = {
      connect: vi.fn(async () => ({ address: payment.address, publicKey: payment.publicKey })),
      getAccounts: vi.fn(async () => [payment.address]),
      signMessage: vi.fn(async () => 'c2ln'),
      signPsbt: vi.fn(async (_psbt: string, _options?: unknown) => hex.encode(base64.decode(PSBT))),
      pushPsbt: vi.fn(async () => TXID),
      sendBitcoin: vi.fn(async () => 42),
    }
    const wallet = only(injectedBitcoinWallets({ okxwallet: { bitcoin: okx } }))
    expect(wallet.name).toBe('OKX Wallet')
    expect(await wallet.provider.request({ method: 'getAccountAddresses', params: {} })).toEqual([
      { address: payment.address, publicKey: payment.publicKey, intention: 'payment' },
    ])
    expect(await wallet.restore!()).toEqual([{ address: payment.address, intention: 'payment' }])
    expect(await wallet.provider.request({ method: 'signMessage', params: { address: payment.address, message: 'hi', protocol: 'ecdsa' } })).toEqual({
      address: payment.address,
      signature: 'c2ln',
    })
    expect(okx.signMessage).toHaveBeenLastCalledWith('hi', 'ecdsa')
    expect(
      await wallet.provider.request({ method: 'signPsbt', params: { psbt: PSBT, signInputs: [{ address: payment.address, index: 0 }], broadcast: true } }),
    ).toEqual({
      psbt: PSBT,
      txid: TXID,
    })
    expect(okx.signPsbt).toHaveBeenLastCalledWith(hex.encode(base64.decode(PSBT)), {
      autoFinalized: true,
      toSignInputs: [{ index: 0, address: payment.address }],
    })
    const error = await rejection(wallet.provider.request({ method: 'sendTransfer', params: { recipientAddress: ordinal.address, amount: '1000' } }))
    expect(error).toBeInstanceOf(ProviderRequestError)
  })
})
