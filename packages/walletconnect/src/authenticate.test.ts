// @vitest-environment node
/**
 * SPEC §4 'A universal-provider sign-in works only when all chains are eip155. It shows
 * 'Authenticating...' and disconnects on failure.' End to end in Node: createPortico with the real
 * EvmAdapter, this package's client and the server's sign-in (serverSiwx), the WalletConnect test
 * wallet answering wc_sessionAuthenticate through the Portico server's relay.
 */
import {
  connectWalletConnect,
  createPortico,
  defineNetwork,
  desktopEnvironment,
  initialize,
  memoryStorage,
  openModal,
  serverSiwx,
  SiwxText,
  StorageKeys,
  type CaipNetwork,
  type SIWXConfig,
} from '@portico/core'
import { startDevnet, type Devnet } from '@portico/devnet'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { EvmAdapter } from '@portico/evm'
import { startTestServer } from '@portico/server/testing'
import { freePort } from '@portico/server/relay/testing'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { walletConnect } from './index.js'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
let relayUrl: string
const dataDir = mkdtempSync(join(tmpdir(), 'portico-wc-auth-'))
const ACCOUNT = DEV_ACCOUNTS[2]!
const wallets: WalletConnectTestWallet[] = []

beforeAll(async () => {
  const [chains, port] = await Promise.all([startDevnet({ randomPorts: true, skipFixtures: true }), freePort()])
  devnet = chains
  server = await startTestServer({ port, dataDir, databaseUrl: undefined, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } })
  relayUrl = `ws://127.0.0.1:${port}/relay`
}, 90_000)
afterEach(async () => {
  while (wallets.length) await wallets.pop()!.close()
})
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

const rpc = () => Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl]))
async function testWallet(options: { oneClickAuth?: boolean } = {}) {
  const wallet = await createWalletConnectTestWallet({ relayUrl, privateKey: ACCOUNT.privateKey, rpc: rpc(), ...options })
  wallets.push(wallet)
  return wallet
}

function evmPortico(extra: { solana?: boolean; siwx?: SIWXConfig } = {}) {
  const networks = devnet.chains.map((c) =>
    defineNetwork({
      id: c.chainId,
      chainNamespace: 'eip155',
      name: `Devnet ${c.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    }),
  )
  const solana = defineNetwork({
    id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    chainNamespace: 'solana',
    name: 'Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  })
  const adapter = new EvmAdapter({ discover: (onChange) => (onChange([]), () => {}), discoverInjected: (onChange) => (onChange(undefined), () => {}) })
  const portico = createPortico({
    adapters: [adapter],
    networks: (extra.solana ? [...networks, solana] : networks) as [CaipNetwork, ...CaipNetwork[]],
    storage: memoryStorage(),
    // The server accepts sign-ins for its project's origins only.
    environment: { ...desktopEnvironment, origin: () => 'http://127.0.0.1:5173', href: () => 'http://127.0.0.1:5173/' },
    projectId: 'portico-dev',
    apiUrl: server.url,
    metadata: { name: 'Portico test', description: 'tests', url: 'http://127.0.0.1:5173', icons: [] },
    walletConnect: walletConnect({ relayUrl }),
    siwx: (extra.siwx ?? serverSiwx()) as never,
  })
  return portico
}

/** Starts the pairing, records every snack text, and pairs the wallet with the QR's URI. */
async function pair(portico: ReturnType<typeof evmPortico>, wallet: WalletConnectTestWallet) {
  await initialize(portico)
  openModal(portico)
  const snacks: string[] = []
  portico.stores.snack.subscribe((s) => s.open && snacks.push(s.message!.key))
  const connected = connectWalletConnect(portico)
  connected.catch(() => undefined)
  await vi.waitFor(() => expect(portico.stores.walletConnect.getState().wcUri).toMatch(/^wc:/), { timeout: 20_000 })
  await wallet.pair(portico.stores.walletConnect.getState().wcUri!)
  return { connected, snacks }
}

async function serverSessions(address: string, token: string) {
  const res = await fetch(`${server.url}/v1/sessions/${address}?projectId=portico-dev`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { sessions: Array<{ data: { chainId: string }; cacao?: unknown }> }).sessions
}
const tokenOf = (portico: ReturnType<typeof evmPortico>, address: string) =>
  Object.values(portico.storage.read<Record<string, Record<string, { token: string }>>>(StorageKeys.siwxTokens, {})[address.toLowerCase()] ?? {})[0]?.token

describe('SPEC §4 one-click auth (universal-provider sign-in)', () => {
  test("rule: all chains eip155 → one approval connects and signs in; 'Authenticating...' shows; the server stores the CACAO's session", async () => {
    const wallet = await testWallet()
    const portico = evmPortico()
    const { connected, snacks } = await pair(portico, wallet)
    await connected

    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({ status: 'connected', address: ACCOUNT.address })
    // One approval: the wallet answered the sign-in request and was never asked for personal_sign.
    expect(wallet.handled()).toEqual([expect.objectContaining({ kind: 'proposal', method: 'wc_sessionAuthenticate', approved: true })])
    expect(snacks).toContain('siwxText.authenticating')
    expect(portico.stores.siwx.getState()).toMatchObject({ status: 'signed', hasSession: true })
    const token = tokenOf(portico, ACCOUNT.address)
    expect(token).toBeTruthy()
    const chainId = `eip155:${devnet.chains[0]!.chainId}`
    const sessions = await serverSessions(ACCOUNT.address, token!)
    expect(sessions).toEqual([expect.objectContaining({ data: expect.objectContaining({ chainId }), cacao: expect.objectContaining({ h: { t: 'caip122' } }) })])
    // The session's requests go to the wallet (ReCaps granted the methods).
    expect(portico.stores.router.getState().view).not.toBe('SIWXSignMessage')
  }, 60_000)

  test('rule: a refused authentication disconnects and says so', async () => {
    const wallet = await testWallet()
    wallet.rejectNext('proposal')
    const portico = evmPortico()
    const { connected, snacks } = await pair(portico, wallet)
    await expect(connected).rejects.toThrow()
    expect(portico.stores.connections.getState().status).toBe('disconnected')
    expect(portico.stores.account.getState().byNamespace.eip155?.status).not.toBe('connected')
    expect(wallet.sessions()).toHaveLength(0)
    expect(portico.stores.walletConnect.getState().wcError).toBeTruthy()
    expect(snacks).not.toContain('siwxText.authenticating')
  }, 60_000)

  test('rule: a sign-in the server refuses disconnects the connected wallet with the sign-in error', async () => {
    const wallet = await testWallet()
    // A host SIWX whose verification refuses (as the server does for a bad signature).
    const siwx = evmPortico().siwx!
    const refusing: SIWXConfig = { ...siwx, addSession: async () => Promise.reject(new Error('Invalid signature')) }
    const refused = evmPortico({ siwx: refusing })
    const { connected, snacks } = await pair(refused, wallet)
    await expect(connected).rejects.toThrow(SiwxText.errorSigning)
    // The error replaces the loading snack after SPEC's 150 ms re-show gap.
    await vi.waitFor(() => expect(snacks).toEqual(['siwxText.authenticating', 'siwxText.errorSigning']))
    expect(refused.stores.account.getState().byNamespace.eip155?.status).not.toBe('connected')
    await vi.waitFor(() => expect(wallet.sessions()).toHaveLength(0), { timeout: 10_000 })
  }, 60_000)

  test('rule: a wallet without one-click auth connects through the fallback proposal, then the normal sign-in asks', async () => {
    const wallet = await testWallet({ oneClickAuth: false })
    const portico = evmPortico()
    const { connected, snacks } = await pair(portico, wallet)
    await connected
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({ status: 'connected', address: ACCOUNT.address })
    expect(wallet.handled()).toEqual([expect.objectContaining({ kind: 'proposal', approved: true })])
    expect(snacks).not.toContain('siwxText.authenticating')
    await vi.waitFor(() => expect(portico.stores.router.getState().view).toBe('SIWXSignMessage'), { timeout: 10_000 })
  }, 60_000)

  test('rule: a network that is not eip155 → a plain session proposal (no sign-in request)', async () => {
    const wallet = await testWallet()
    const portico = evmPortico({ solana: true })
    const { connected } = await pair(portico, wallet)
    await connected
    expect(wallet.handled().some((h) => h.method === 'wc_sessionAuthenticate')).toBe(false)
    await vi.waitFor(() => expect(portico.stores.router.getState().view).toBe('SIWXSignMessage'), { timeout: 10_000 })
  }, 60_000)
})
