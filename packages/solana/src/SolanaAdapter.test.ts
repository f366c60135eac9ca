// @vitest-environment node
/**
 * The adapter's connection side against the real local Solana chain and the real Portico Solana
 * Test Wallet (Wallet Standard): connectors, connect, silent reconnect, disconnect, the wallet's
 * change events, the balance and sign-in signatures. Sends are in transfer.test.ts.
 */
import { InvalidOptionsError, UnsupportedMethodError, UserRejectedRequestError } from '@portico/core'
import { SOLANA_DEVNET_CAIP2, SOLANA_LAMPORTS_PER_ACCOUNT } from '@portico/devnet/solana-constants'
import { SOLANA_TEST_WALLET_NAME } from '@portico/test-wallets/solana'
import { address, getBase58Encoder, getPublicKeyFromAddress, signatureBytes, verifySignature } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import { describe, expect, test, vi } from 'vitest'
import { SolanaAdapter } from './SolanaAdapter.js'
import { localNetwork, setup, useDevnet, withoutFeature } from './test/setup.js'

const chain = useDevnet()
const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('SolanaAdapter: connection', () => {
  test('lists Wallet Standard wallets as connectors of the solana family (id = name); connects, reconnects silently, disconnects', async () => {
    const { adapter, handle, connectors, caipNetwork } = setup(chain.devnet)
    expect(connectors).toHaveBeenLastCalledWith([
      expect.objectContaining({ id: SOLANA_TEST_WALLET_NAME, name: SOLANA_TEST_WALLET_NAME, chain: 'solana', type: 'ANNOUNCED', provider: handle.wallet }),
    ])
    const result = await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork })
    expect(result).toEqual({ connectorId: SOLANA_TEST_WALLET_NAME, accounts: [{ address: handle.address, type: 'eoa' }], caipNetworkId: SOLANA_DEVNET_CAIP2 })
    expect(await adapter.reconnect({ connectorId: SOLANA_TEST_WALLET_NAME })).toEqual(result)
    expect(adapter.getProvider(SOLANA_TEST_WALLET_NAME)).toBe(handle.wallet)
    expect(adapter.getProvider('No Such Wallet')).toBeUndefined()
    await adapter.disconnect({ connectorId: SOLANA_TEST_WALLET_NAME })
    expect(handle.connected).toBe(false)
    expect(await adapter.reconnect({ connectorId: SOLANA_TEST_WALLET_NAME })).toBeNull()
    expect(await adapter.reconnect({ connectorId: 'No Such Wallet', timeoutMs: 50 })).toBeNull()
  })

  test('reconnect gives up when the wallet never answers its silent connect (5 s)', async () => {
    const hanging = (wallet: Wallet): Wallet => ({
      ...withoutFeature(wallet, 'none'),
      name: 'Hanging Wallet',
      features: { ...wallet.features, 'standard:connect': { version: '1.0.0', connect: () => new Promise(() => {}) } },
    })
    const { adapter } = setup(chain.devnet, {}, { wallet: hanging })
    vi.useFakeTimers()
    try {
      const result = adapter.reconnect({ connectorId: 'Hanging Wallet' })
      await vi.advanceTimersByTimeAsync(4_999)
      expect(await Promise.race([result, 'pending'])).toBe('pending')
      await vi.advanceTimersByTimeAsync(1)
      expect(await result).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  test('the network: the one asked for when the wallet has it, else the first configured one it has', async () => {
    const elsewhere = localNetwork(chain.devnet.rpcUrl, MAINNET, 'Solana')
    const local = localNetwork(chain.devnet.rpcUrl)
    const { adapter } = setup(chain.devnet, {}, { networks: [elsewhere, local] })
    expect((await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })).caipNetworkId).toBe(SOLANA_DEVNET_CAIP2)
    expect((await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork: elsewhere })).caipNetworkId).toBe(SOLANA_DEVNET_CAIP2)
    expect((await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork: local })).caipNetworkId).toBe(SOLANA_DEVNET_CAIP2)
  })

  test('a rejected connect is UserRejectedRequestError; account switches and a disconnect in the wallet reach core', async () => {
    const rejecting = setup(chain.devnet, { rejectAll: true })
    await expect(rejecting.adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })).rejects.toBeInstanceOf(UserRejectedRequestError)
    const { adapter, handle, events } = setup(chain.devnet)
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    handle.setAccount(1)
    expect(events.accountsChanged).toHaveBeenLastCalledWith(SOLANA_TEST_WALLET_NAME, [{ address: handle.devAccounts[1], type: 'eoa' }])
    handle.disconnect()
    expect(events.disconnected).toHaveBeenCalledWith(SOLANA_TEST_WALLET_NAME)
    // After Portico disconnects it no longer listens.
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    await adapter.disconnect({ connectorId: SOLANA_TEST_WALLET_NAME })
    events.accountsChanged.mockClear()
    handle.setAccount(2)
    expect(events.accountsChanged).not.toHaveBeenCalled()
  })

  test('balance in lamports at the commitment; signMessage signs the UTF-8 text, the signature base58 and valid', async () => {
    const { adapter, handle, caipNetwork } = setup(chain.devnet, { accountIndex: 4 })
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    const balance = await adapter.getBalance({ address: handle.address, caipNetwork })
    expect(balance).toEqual({ value: SOLANA_LAMPORTS_PER_ACCOUNT.toString(), decimals: 9, symbol: 'SOL' })
    const message = 'localhost wants you to sign in with your Solana account:\nSign in to Portico ✓'
    const signature = await adapter.signMessage({ connectorId: SOLANA_TEST_WALLET_NAME, address: handle.address, message })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    const key = await getPublicKeyFromAddress(address(handle.address))
    const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
    expect(await verifySignature(key, bytes, new TextEncoder().encode(message))).toBe(true)
    expect(await verifySignature(key, bytes, new TextEncoder().encode(`${message}!`))).toBe(false)
  })

  test('a wallet without solana:signMessage cannot sign in: UnsupportedMethodError', async () => {
    const { adapter, handle, connectorId } = setup(chain.devnet, {}, { wallet: (w) => withoutFeature(w, 'solana:signMessage') })
    await adapter.connect({ connectorId })
    await expect(adapter.signMessage({ connectorId, address: handle.address, message: 'hi' })).rejects.toBeInstanceOf(UnsupportedMethodError)
  })

  test("the commitment option takes SPEC §5's values only", () => {
    expect(() => new SolanaAdapter({ commitment: 'finalized' })).not.toThrow()
    expect(() => new SolanaAdapter({ commitment: 'singleGossip' })).not.toThrow()
    expect(() => new SolanaAdapter({ commitment: 'fast' as never })).toThrow(InvalidOptionsError)
  })
})
