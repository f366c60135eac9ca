// @vitest-environment node
/**
 * The adapter against the real Bitcoin devnet (bcoin regtest, its Esplora API): connect, balance,
 * fee rates, a PSBT built, signed with a dev key and broadcast, confirmation, and the typed errors.
 */
import { defineNetwork, UserRejectedRequestError, type AdapterEvents, type CaipNetwork } from '@portico/core'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { hex } from '@scure/base'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { BitcoinAdapter } from './BitcoinAdapter.js'
import { createBitcoinProvider, type BitcoinWallet } from './drivers/provider.js'
import { BelowDustError, InsufficientBalanceError } from './errors.js'
import { getAddressBalance } from './esplora.js'
import { devWallet } from './test/devWallet.js'

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
}, 60_000)
afterAll(() => devnet?.stop())

const localNetwork = (url: string): CaipNetwork =>
  defineNetwork({
    id: BITCOIN_DEVNET_CAIP2.slice('bip122:'.length),
    chainNamespace: 'bip122',
    name: 'Bitcoin Devnet',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [url] } },
  })

function setup(wallets: BitcoinWallet[]) {
  const events = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() } satisfies AdapterEvents
  const adapter = new BitcoinAdapter({ discover: (onChange) => (onChange(wallets), () => {}), pollIntervalMs: 50 })
  const caipNetwork = localNetwork(devnet.url)
  adapter.setup({ networks: [caipNetwork], events })
  const connectors = vi.fn()
  adapter.watchConnectors(connectors)
  return { adapter, events, connectors, caipNetwork }
}

describe('BitcoinAdapter on the devnet', () => {
  test('the dev keys are the dev mnemonic’s BIP-84 payment keys (m/84h/1h/0h/0/i)', () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync('test test test test test test test test test test test junk'))
    const key = root.derive("m/84'/1'/0'/0/0")
    expect(hex.encode(key.privateKey!)).toBe(BITCOIN_DEV_ACCOUNTS[0]!.payment.privateKey)
    expect(hex.encode(key.publicKey!)).toBe(BITCOIN_DEV_ACCOUNTS[0]!.payment.publicKey)
  })

  test('connects a wallet (payment first, then ordinal) on the network its addresses belong to; reads the balance', async () => {
    const account = BITCOIN_DEV_ACCOUNTS[1]!
    const wallet = devWallet('Dev Wallet', account.payment, [{ address: account.ordinal.address, publicKey: account.ordinal.publicKey, intention: 'ordinal' }])
    const { adapter, connectors, caipNetwork } = setup([wallet])
    expect(connectors).toHaveBeenLastCalledWith([
      expect.objectContaining({ id: 'Dev Wallet', name: 'Dev Wallet', chain: 'bip122', type: 'ANNOUNCED', provider: wallet.provider }),
    ])
    const result = await adapter.connect({ connectorId: 'Dev Wallet' })
    expect(result).toEqual({
      connectorId: 'Dev Wallet',
      accounts: [
        { address: account.payment.address, type: 'payment' },
        { address: account.ordinal.address, type: 'ordinal' },
      ],
      caipNetworkId: BITCOIN_DEVNET_CAIP2,
    })
    expect(await adapter.reconnect({ connectorId: 'Dev Wallet' })).toEqual(result)
    expect(adapter.getProvider('Dev Wallet')).toBe(wallet.provider)
    const balance = await adapter.getBalance({ address: account.payment.address, caipNetwork })
    expect(balance).toEqual({ value: (10n * 100_000_000n).toString(), decimals: 8, symbol: 'BTC' })
    expect(await adapter.getFeeRates({ caipNetwork })).toEqual({ slow: expect.any(Number), normal: expect.any(Number), fast: expect.any(Number) })
  })

  test('sends: PSBT from the payment coins, signed with the dev key, broadcast, confirmed; fee = estimate', async () => {
    const account = BITCOIN_DEV_ACCOUNTS[2]!
    const to = BITCOIN_DEV_ACCOUNTS[3]!.ordinal.address
    const { adapter, caipNetwork } = setup([devWallet('Dev Wallet', account.payment)])
    await adapter.connect({ connectorId: 'Dev Wallet' })
    const context = { caipNetwork }
    const before = await getAddressBalance(context, to)
    const parameters = { connectorId: 'Dev Wallet', caipNetwork, from: account.payment.address, to, amount: 12_345_678n, feeRate: 3 }
    const fee = await adapter.estimateTransferFee(parameters)
    expect(fee.symbol).toBe('BTC')
    expect(BigInt(fee.value)).toBeGreaterThan(0n)
    const { hash } = await adapter.sendTransfer(parameters)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    const confirmed = adapter.waitForTransaction({ hash, caipNetwork })
    await devnet.mine(1)
    expect(await confirmed).toEqual({ status: 'success' })
    expect(await getAddressBalance(context, to)).toBe(before + 12_345_678n)
    expect(await getAddressBalance(context, account.payment.address)).toBe(10n * 100_000_000n - 12_345_678n - BigInt(fee.value))
  })

  test('typed errors: below dust, not enough coins, the user rejecting; a wallet that only sends payments sends', async () => {
    const account = BITCOIN_DEV_ACCOUNTS[4]!
    const rejecting: BitcoinWallet = {
      name: 'Rejecting',
      icon: '',
      provider: createBitcoinProvider({
        getAccountAddresses: async () => [{ address: account.payment.address, publicKey: account.payment.publicKey, intention: 'payment' }],
        signPsbt: async () => {
          throw Object.assign(new Error('no'), { code: 4001 })
        },
      }),
    }
    const sendOnly: BitcoinWallet = {
      name: 'Send Only',
      icon: '',
      provider: createBitcoinProvider({
        getAccountAddresses: async () => [{ address: account.payment.address, intention: 'payment' }],
        sendTransfer: async () => ({ txid: 'cd'.repeat(32) }),
      }),
    }
    const { adapter, caipNetwork } = setup([devWallet('Dev Wallet', account.payment), rejecting, sendOnly])
    const base = { caipNetwork, from: account.payment.address, to: BITCOIN_DEV_ACCOUNTS[5]!.payment.address, feeRate: 2 }
    await adapter.connect({ connectorId: 'Dev Wallet' })
    await expect(adapter.sendTransfer({ ...base, connectorId: 'Dev Wallet', amount: 545n })).rejects.toBeInstanceOf(BelowDustError)
    await expect(adapter.sendTransfer({ ...base, connectorId: 'Dev Wallet', amount: 11n * 100_000_000n })).rejects.toBeInstanceOf(InsufficientBalanceError)
    await adapter.connect({ connectorId: 'Rejecting' })
    await expect(adapter.sendTransfer({ ...base, connectorId: 'Rejecting', amount: 10_000n })).rejects.toBeInstanceOf(UserRejectedRequestError)
    await adapter.connect({ connectorId: 'Send Only' })
    expect(await adapter.sendTransfer({ ...base, connectorId: 'Send Only', amount: 10_000n })).toEqual({ hash: 'cd'.repeat(32) })
  })
})
