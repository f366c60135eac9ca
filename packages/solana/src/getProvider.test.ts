// @vitest-environment node
/**
 * Through core: createPortico with the real SolanaAdapter and the Portico Solana Test Wallet on the
 * local chain; `getProvider(portico, 'solana')` is the active connection's Wallet Standard wallet.
 */
import { connectExternal, createPortico, disconnect, getProvider, initialize, memoryStorage } from '@portico/core'
import { SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import { createSolanaTestWallet, SOLANA_TEST_WALLET_NAME } from '@portico/test-wallets/solana'
import type { Wallet } from '@wallet-standard/base'
import { expect, test } from 'vitest'
import { SolanaAdapter } from './SolanaAdapter.js'
import { localNetwork, useDevnet } from './test/setup.js'

const chain = useDevnet()

test("getProvider(portico, 'solana'): the connected wallet's Wallet Standard wallet, undefined when not connected", async () => {
  const handle = createSolanaTestWallet({ rpcUrl: chain.devnet.rpcUrl, autoApprove: true })
  const adapter = new SolanaAdapter({ discover: (onChange) => (onChange([handle.wallet as Wallet]), () => {}) })
  const portico = createPortico({ adapters: [adapter], networks: [localNetwork(chain.devnet.rpcUrl)], storage: memoryStorage() })
  await initialize(portico)
  expect(getProvider(portico, 'solana')).toBeUndefined()
  await connectExternal(portico, { connectorId: SOLANA_TEST_WALLET_NAME })
  expect(portico.stores.account.getState().byNamespace.solana).toMatchObject({
    address: handle.address,
    caipAddress: `${SOLANA_DEVNET_CAIP2}:${handle.address}`,
  })
  const wallet = getProvider(portico, 'solana')
  expect(wallet).toBe(handle.wallet)
  expect(portico.getProvider('solana')).toBe(handle.wallet)
  expect(wallet!.accounts.map((a) => a.address)).toEqual([handle.address])
  expect(getProvider(portico, 'eip155')).toBeUndefined()
  await disconnect(portico)
  expect(getProvider(portico, 'solana')).toBeUndefined()
  portico.destroy()
})
