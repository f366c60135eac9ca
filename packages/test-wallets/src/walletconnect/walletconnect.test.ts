import { startDevnet, type Devnet } from '@portico/devnet'
import { startTestServer } from '@portico/server/testing'
import { freePort, startTestRedis } from '@portico/server/relay/testing'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http, parseEther, recoverTypedDataAddress, toHex, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDapp } from './testing'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from './wallet'

type Server = Awaited<ReturnType<typeof startTestServer>>
type Dapp = Awaited<ReturnType<typeof createTestDapp>>

let devnet: Devnet
let rpc: Record<string, string>
const dataDir = mkdtempSync(join(tmpdir(), 'portico-wc-'))
let port: number
let server: Server
const toClose: Array<{ close(): Promise<void> }> = []
const serverConfig = () => ({
  port,
  dataDir,
  databaseUrl: undefined,
  indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 },
})

beforeAll(async () => {
  ;[devnet, port] = await Promise.all([startDevnet({ randomPorts: true, skipFixtures: true }), freePort()])
  rpc = Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl]))
  server = await startTestServer(serverConfig())
}, 90_000)
afterAll(async () => {
  for (const c of toClose.reverse()) await c.close().catch(() => undefined)
  await server?.close()
  await devnet?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

async function pairThrough(dappRelay: string, walletRelay: string, privateKey: Hex) {
  const wallet = await createWalletConnectTestWallet({ relayUrl: walletRelay, privateKey, rpc })
  const dapp = await createTestDapp(dappRelay)
  toClose.push(wallet, dapp)
  const started = performance.now()
  const { uri, approval } = await dapp.connect(Object.keys(rpc))
  // approval() right away: the SDK drops a settlement that arrives before approval() was called.
  const approved = approval()
  await wallet.pair(uri!)
  const session = await approved
  return { wallet, dapp, session, pairingMs: performance.now() - started }
}

const request = <T>(dapp: Dapp, topic: string, chainId: string, method: string, params: unknown) =>
  dapp.client.request<T>({ topic, chainId, request: { method, params } })

describe('WalletConnect test wallet through the Portico relay', () => {
  let wallet: WalletConnectTestWallet
  let dapp: Dapp
  let topic: string
  const chain = () => `eip155:${devnet.chains[0]!.chainId}`

  test('pairing → approval → session with the dev account on every devnet chain', async () => {
    const paired = await pairThrough(`ws://127.0.0.1:${port}/relay`, `ws://127.0.0.1:${port}/relay`, devnet.accounts[1]!.privateKey)
    ;({ wallet, dapp } = paired)
    topic = paired.session.topic
    console.log(`pairing on the local relay: ${paired.pairingMs.toFixed(0)} ms (connect() → session)`)
    expect(paired.session.namespaces.eip155!.accounts).toEqual(Object.keys(rpc).map((c) => `${c}:${wallet.address}`))
    expect((await wallet.waitForSession()).topic).toBe(topic)
  })

  test('personal_sign and eth_signTypedData_v4 verify with viem', async () => {
    const message = 'Sign in to Portico'
    const signature = await request<Hex>(dapp, topic, chain(), 'personal_sign', [toHex(message), wallet.address])
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
    const typed = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail' as const,
      domain: { name: 'Portico', chainId: devnet.chains[0]!.chainId },
      message: { contents: 'hello' },
    }
    const typedSig = await request<Hex>(dapp, topic, chain(), 'eth_signTypedData_v4', [wallet.address, JSON.stringify(typed)])
    const { EIP712Domain: _, ...types } = typed.types
    expect(await recoverTypedDataAddress({ ...typed, types, signature: typedSig })).toBe(wallet.address)
  })

  test('eth_sendTransaction moves devnet ETH', async () => {
    const to = devnet.accounts[2]!.address
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const before = await client.getBalance({ address: to })
    const hash = await request<Hex>(dapp, topic, chain(), 'eth_sendTransaction', [{ from: wallet.address, to, value: toHex(parseEther('0.5')), data: '0x' }])
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther('0.5'))
  })

  test('EIP-5792: wallet_getCapabilities (atomic unsupported), wallet_sendCalls of two ETH transfers sent one after another, wallet_getCallsStatus 200', async () => {
    const [a, b] = [devnet.accounts[2]!.address, devnet.accounts[3]!.address]
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const before = await Promise.all([client.getBalance({ address: a }), client.getBalance({ address: b })])
    expect(await request(dapp, topic, chain(), 'wallet_getCapabilities', [wallet.address, [toHex(devnet.chains[0]!.chainId)]])).toEqual({
      [toHex(devnet.chains[0]!.chainId)]: { atomic: { status: 'unsupported' } },
    })
    const calls = [
      { to: a, value: toHex(parseEther('0.1')) },
      { to: b, value: toHex(parseEther('0.2')) },
    ]
    const base = { version: '2.0.0', from: wallet.address, chainId: toHex(devnet.chains[0]!.chainId), atomicRequired: false }
    const { id } = await request<{ id: string }>(dapp, topic, chain(), 'wallet_sendCalls', [{ ...base, calls }])
    let status: { status: number; receipts: unknown[]; atomic: boolean }
    do status = await request(dapp, topic, chain(), 'wallet_getCallsStatus', [id])
    while (status.status === 100)
    expect(status).toMatchObject({ status: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    const after = await Promise.all([client.getBalance({ address: a }), client.getBalance({ address: b })])
    expect([after[0] - before[0], after[1] - before[1]]).toEqual([parseEther('0.1'), parseEther('0.2')])
    await expect(request(dapp, topic, chain(), 'wallet_sendCalls', [{ ...base, atomicRequired: true, calls }])).rejects.toMatchObject({ code: 5760 })
  })

  test('wallet_switchEthereumChain emits chainChanged; unknown chains are 4902; rejections are 4001', async () => {
    const second = `eip155:${devnet.chains[1]!.chainId}`
    const changed = new Promise<unknown>((resolve) =>
      dapp.client.on('session_event', ({ params }) => params.event.name === 'chainChanged' && resolve(params.event.data)),
    )
    await request(dapp, topic, chain(), 'wallet_switchEthereumChain', [{ chainId: toHex(devnet.chains[1]!.chainId) }])
    expect(await changed).toBe(devnet.chains[1]!.chainId)
    expect(wallet.currentChain()).toBe(second)
    expect(await request(dapp, topic, second, 'eth_chainId', [])).toBe(toHex(devnet.chains[1]!.chainId))
    await expect(request(dapp, topic, chain(), 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({ code: 4902 })
    wallet.rejectNext('request')
    await expect(request(dapp, topic, chain(), 'personal_sign', ['0x01', wallet.address])).rejects.toMatchObject({ code: 4001 })
  })

  test('relay restart mid-session: the next request is still answered', async () => {
    await server.close()
    server = await startTestServer(serverConfig())
    const signature = await request<Hex>(dapp, topic, chain(), 'personal_sign', [toHex('after restart'), wallet.address])
    expect(await verifyMessage({ address: wallet.address, message: 'after restart', signature })).toBe(true)
  }, 60_000)

  test('disconnect ends the session on both sides', async () => {
    await dapp.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    const until = Date.now() + 10_000
    while (wallet.sessions().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    expect(wallet.sessions()).toEqual([])
  })

  test('a rejected proposal rejects connect()', async () => {
    const relay = `ws://127.0.0.1:${port}/relay`
    const w = await createWalletConnectTestWallet({ relayUrl: relay, privateKey: devnet.accounts[3]!.privateKey, rpc })
    const d = await createTestDapp(relay)
    toClose.push(w, d)
    w.rejectNext('proposal')
    const { uri, approval } = await d.connect(Object.keys(rpc))
    const approved = approval()
    await w.pair(uri!)
    await expect(approved).rejects.toMatchObject({ code: 5000 })
  })
})

const redis = await startTestRedis().catch(() => null)
if (!redis) console.warn('redis-server not found: skipping the two-instance WalletConnect test (apt-get install redis-server)')
describe.skipIf(!redis)('two server instances sharing Redis', () => {
  const instances: Server[] = []
  afterAll(async () => {
    for (const s of instances) await s.close()
    await redis?.stop()
  }, 30_000)

  test('the dapp on instance A and the wallet on instance B pair and sign', async () => {
    const config = { redisUrl: redis!.url, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } }
    instances.push(...(await Promise.all([startTestServer(config), startTestServer(config)])))
    const [a, b] = instances.map((s) => `ws://127.0.0.1:${s.port}/relay`) as [string, string]
    const { wallet, dapp, session, pairingMs } = await pairThrough(a, b, devnet.accounts[4]!.privateKey)
    console.log(`pairing across two instances through Redis: ${pairingMs.toFixed(0)} ms`)
    const signature = await request<Hex>(dapp, session.topic, `eip155:${devnet.chains[0]!.chainId}`, 'personal_sign', [toHex('two instances'), wallet.address])
    expect(await verifyMessage({ address: wallet.address, message: 'two instances', signature })).toBe(true)
  }, 90_000)
})
