// @vitest-environment node
import { UnsupportedMethodError, type AdapterEvents } from '@portico/core'
import { BITCOIN_DEV_ACCOUNTS } from '@portico/devnet/bitcoin-constants'
import { describe, expect, test, vi } from 'vitest'
import { BitcoinAdapter } from './BitcoinAdapter.js'
import { BitcoinProviderError } from './errors.js'
import { createBitcoinProvider } from './drivers/provider.js'

const { payment } = BITCOIN_DEV_ACCOUNTS[0]!
const events: AdapterEvents = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() }

describe('sign-in signatures and transport connectors', () => {
  test("BIP-322 first; ECDSA where the wallet does not do BIP-322; a connector added by a transport (WalletConnect's, the embedded wallet's)", async () => {
    const protocols: string[] = []
    const provider = createBitcoinProvider({
      getAccountAddresses: async () => [{ address: payment.address, intention: 'payment' }],
      signMessage: async ({ protocol }) => {
        protocols.push(protocol ?? '')
        if (protocol === 'bip322') throw new BitcoinProviderError(4200, 'no BIP-322')
        return { address: payment.address, signature: 'c2ln' }
      },
    })
    const adapter = new BitcoinAdapter({ discover: (onChange) => (onChange([]), () => {}) })
    adapter.setup({ networks: [], events })
    adapter.watchConnectors(() => {})
    adapter.addConnector({ id: 'walletConnect', name: 'Some Wallet', type: 'WALLET_CONNECT', chain: 'bip122', provider })
    const result = await adapter.connect({ connectorId: 'walletConnect' })
    expect(result.accounts).toEqual([{ address: payment.address, type: 'payment' }])
    expect(await adapter.signMessage({ connectorId: 'walletConnect', address: payment.address, message: 'hi' })).toBe('c2ln')
    expect(protocols).toEqual(['bip322', 'ecdsa'])
    expect(adapter.getProvider('walletConnect')).toBe(provider)
  })

  test('a wallet that cannot sign messages: UnsupportedMethodError; its address change and disconnect reach core', async () => {
    const listeners: Record<string, (...args: unknown[]) => void> = {}
    const provider = createBitcoinProvider({ getAccountAddresses: async () => [{ address: payment.address }] }, (emit) => {
      listeners.change = (next) => emit('bip122_addressesChanged', next)
      listeners.gone = () => emit('disconnect')
      return () => {}
    })
    const adapter = new BitcoinAdapter({ discover: (onChange) => (onChange([{ name: 'Plain', icon: '', provider }]), () => {}) })
    adapter.setup({ networks: [], events })
    adapter.watchConnectors(() => {})
    await adapter.connect({ connectorId: 'Plain' })
    await expect(adapter.signMessage({ connectorId: 'Plain', address: payment.address, message: 'hi' })).rejects.toBeInstanceOf(UnsupportedMethodError)
    const next = BITCOIN_DEV_ACCOUNTS[1]!.payment.address
    listeners.change!([{ address: next, intention: 'payment' }])
    expect(events.accountsChanged).toHaveBeenCalledWith('Plain', [{ address: next, type: 'payment' }])
    listeners.gone!()
    expect(events.disconnected).toHaveBeenCalledWith('Plain')
  })
})
