// @vitest-environment node
/**
 * A WalletConnect session with solana accounts, end to end through core: createPortico with the real
 * SolanaAdapter and this package's client, the WalletConnect test wallet pairing through the Portico
 * server's relay, signing on the real local Solana chain.
 */
import {
  connectWalletConnect,
  createPortico,
  defineNetwork,
  initialize,
  memoryStorage,
  openModal,
  reconnect,
  UserRejectedRequestError,
  type ChainAdapter,
  type Portico,
} from '@portico/core'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { startTestServer } from '@portico/server/testing'
import { freePort } from '@portico/server/relay/testing'
import { SolanaAdapter } from '@portico/solana'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { getBase58Encoder, getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { walletConnect } from './index.js'

let chain: SolanaDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
let relayUrl: string
let wallet: WalletConnectTestWallet
const dataDir = mkdtempSync(join(tmpdir(), 'portico-wc-core-'))

beforeAll(async () => {
  const [devnet, port] = await Promise.all([startSolanaDevnet({ randomPorts: true }), freePort()])
  chain = devnet
  server = await startTestServer({ port, dataDir, databaseUrl: undefined, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } })
  relayUrl = `ws://127.0.0.1:${port}/relay`
  wallet = await createWalletConnectTestWallet({ relayUrl, privateKey: DEV_ACCOUNTS[0]!.privateKey, rpc: { [chain.caip2]: chain.rpcUrl }, solanaAccount: 3 })
}, 90_000)
afterAll(async () => {
  await wallet?.close()
  await server?.close()
  await chain?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

const metadata = { name: 'Portico test', description: 'tests', url: 'http://127.0.0.1', icons: [] }
function solanaPortico(storage = memoryStorage()) {
  const network = defineNetwork({
    id: chain.caip2.split(':')[1]!,
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [chain.rpcUrl], webSocket: [chain.wsUrl] } },
  })
  // No browser wallets: the only Solana wallet is the WalletConnect session's.
  const adapter = new SolanaAdapter({ discover: (onChange) => (onChange([]), () => {}) })
  // The relay's projectId and the metadata the wallet sees come from createPortico's options (stated once).
  const portico = createPortico({
    adapters: [adapter],
    networks: [network],
    storage,
    projectId: 'portico-dev',
    metadata,
    walletConnect: walletConnect({ relayUrl }),
  })
  return { portico, adapter: adapter as ChainAdapter, storage }
}
const sign = (adapter: ChainAdapter, address: string, message: string) => adapter.signMessage!({ connectorId: 'walletConnect', address, message })
async function verifies(address: string, message: string, signature: string) {
  const key = await getPublicKeyFromAddress(address as Address)
  return verifySignature(key, new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes, new TextEncoder().encode(message))
}
const solanaAccount = (portico: Portico) => portico.stores.account.getState().byNamespace.solana

let stored: ReturnType<typeof memoryStorage>

test('pairing with a solana-only wallet makes a solana connection whose provider is the session’s Wallet Standard wallet', async () => {
  const { portico, adapter, storage } = solanaPortico()
  stored = storage
  await initialize(portico)
  openModal(portico)
  const connected = connectWalletConnect(portico)
  await vi.waitFor(() => expect(portico.stores.walletConnect.getState().wcUri).toMatch(/^wc:/), { timeout: 20_000 })
  await wallet.pair(portico.stores.walletConnect.getState().wcUri!)
  await connected

  expect(portico.stores.connections.getState().activeConnectorIds.solana).toBe('walletConnect')
  expect(solanaAccount(portico)).toMatchObject({ status: 'connected', address: wallet.solanaAddress, caipAddress: `${chain.caip2}:${wallet.solanaAddress}` })
  const provider = adapter.getProvider!('walletConnect') as Wallet & { isWalletConnect?: true }
  expect(provider.isWalletConnect).toBe(true)
  expect(provider.accounts.map((a) => a.address)).toEqual([wallet.solanaAddress])

  // The adapter signs (sign-in's path) through solana:signMessage → solana_signMessage.
  const message = 'Sign in to Portico with a WalletConnect Solana wallet'
  expect(await verifies(wallet.solanaAddress!, message, await sign(adapter, wallet.solanaAddress!, message))).toBe(true)

  wallet.rejectNext('request')
  await expect(sign(adapter, wallet.solanaAddress!, 'no')).rejects.toBeInstanceOf(UserRejectedRequestError)
})

test('after a reload the stored session reconnects the solana connection without pairing again', async () => {
  // A new instance over the same storage, and a new client reading the SDK's stored session.
  const { portico, adapter } = solanaPortico(stored)
  expect(await reconnect(portico)).toBe(true)
  expect(solanaAccount(portico)).toMatchObject({ status: 'connected', address: wallet.solanaAddress })
  const message = 'still signed in'
  expect(await verifies(wallet.solanaAddress!, message, await sign(adapter, wallet.solanaAddress!, message))).toBe(true)
})
