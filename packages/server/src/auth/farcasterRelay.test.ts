import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { type Devnet, startDevnet } from '@portico/devnet'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../testing.js'
import { type FarcasterRelayStandIn, installFarcasterRegistries, startFarcasterRelayStandIn } from './standIns/farcasterRelay.js'
import { frameClient, randomDeviceId } from './testing.js'

/**
 * Sign In With Farcaster through the real server's routes with @farcaster/auth-client: channels
 * on a local STAND-IN relay speaking the relay's endpoints, and the signed message verified
 * against a local anvil chain acting as Optimism (chain id 10), where minimal stand-ins of the
 * ID and key registries sit at their real addresses (standIns/farcasterRelay.ts). The test plays
 * the Farcaster app: it builds the SIWF message, signs it with the custody key and hands it to
 * the relay. What is real: the server's code path, the auth-client, SIWE/ERC-6492 verification
 * over JSON-RPC. What is stand-in: the relay and the registries' contracts.
 */
type Server = Awaited<ReturnType<typeof startTestServer>>
let devnet: Devnet
let relay: FarcasterRelayStandIn
let server: Server
let client: ReturnType<typeof frameClient>
let register: (custody: `0x${string}`, fid: number) => Promise<unknown>
let rpcUrl: string
const HOST = 'http://127.0.0.1:5173'

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true, chains: [{ chainId: 10, name: 'Optimism (devnet)' }] })
  rpcUrl = devnet.chains[0]!.rpcUrl
  ;({ register } = await installFarcasterRegistries(rpcUrl))
  relay = await startFarcasterRelayStandIn()
  server = await startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    farcaster: { relayUrl: relay.url, optimismRpcUrl: rpcUrl, timeoutMs: 10_000 },
  })
  client = frameClient(server)
}, 60_000)
afterAll(async () => {
  await server?.close()
  await relay?.close()
  await devnet?.stop()
})

/** The Farcaster app's part: read the channel from the QR URL, build and sign the message, hand it to the relay. */
async function approveInApp(
  url: string,
  signer: PrivateKeyAccount,
  fid: number,
  spoil: { nonce?: string; domain?: string; relayFid?: number; relayUsername?: string } = {},
) {
  const wallet = createWalletClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })
  const params = new URL(url).searchParams
  const built = wallet.buildSignInMessage({
    address: signer.address,
    fid,
    uri: params.get('siweUri')!,
    domain: spoil.domain ?? params.get('domain')!,
    nonce: spoil.nonce ?? params.get('nonce')!,
  })
  if (built.isError) throw built.error
  const signature = await signer.signMessage({ message: built.message })
  const answer = await wallet.authenticate({
    channelToken: params.get('channelToken')!,
    authKey: 'stand-in-app-key',
    message: built.message,
    signature,
    fid: spoil.relayFid ?? fid,
    username: spoil.relayUsername ?? `user${fid}`,
    bio: '',
    displayName: `User ${fid}`,
    pfpUrl: 'https://example.com/pfp.png',
  })
  if (answer.isError) throw answer.error
}

async function startSignIn() {
  const deviceId = randomDeviceId()
  const start = await client.call<{ url: string; channelToken: string; binding: string }>('/auth/farcaster/start', { deviceId })
  expect(start.status).toBe(200)
  const poll = () =>
    client.call<{ state: string; accessToken?: string; error?: string }>('/auth/farcaster/status', {
      channelToken: start.body.channelToken,
      binding: start.body.binding,
      deviceId,
      hostOrigin: HOST,
    })
  return { ...start.body, deviceId, poll }
}

describe('Sign In With Farcaster (auth-client, stand-in relay, devnet as Optimism)', () => {
  it('opens a relay channel, stays pending until the app signs, then signs in the custody-verified fid', async () => {
    const custody = privateKeyToAccount(generatePrivateKey())
    await register(custody.address, 4242)
    const s = await startSignIn()
    expect(s.url).toContain('channelToken=')
    expect(relay.channels.get(s.channelToken)?.domain).toBe(new URL(server.url).host)
    expect((await s.poll()).body).toEqual({ state: 'pending' })
    await approveInApp(s.url, custody, 4242)
    const done = await s.poll()
    expect(done.status).toBe(200)
    expect(done.body.state).toBe('completed')
    const me = await client.call<{ socialProvider: string; userName: string }>('/auth/me', undefined, done.body.accessToken)
    expect(me.body).toMatchObject({ socialProvider: 'farcaster', userName: 'user4242' })
    const [identity] = await server.db.query<{ subject: string }>("select subject from auth_identities where provider = 'farcaster' and subject = '4242'")
    expect(identity).toBeDefined()
    // Once: the channel is spent.
    expect((await s.poll()).body.error).toBe('Failed to connect to farcaster')
  })

  it('takes the fid from the verified message, never from the relay', async () => {
    const custody = privateKeyToAccount(generatePrivateKey())
    await register(custody.address, 5151)
    const s = await startSignIn()
    await approveInApp(s.url, custody, 5151, { relayFid: 1, relayUsername: 'dwr' })
    const done = await s.poll()
    expect(done.body.state).toBe('completed')
    const rows = await server.db.query<{ subject: string }>("select subject from auth_identities where provider = 'farcaster' and subject in ('1', '5151')")
    expect(rows.map((r) => r.subject)).toEqual(['5151'])
  })

  it('refuses a signer that does not own the fid (ID registry), and ends the channel', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    await register(owner.address, 7777)
    const thief = privateKeyToAccount(generatePrivateKey())
    const s = await startSignIn()
    await approveInApp(s.url, thief, 7777)
    expect((await s.poll()).body).toEqual({ error: 'Failed to connect to farcaster' })
    expect((await s.poll()).body).toEqual({ error: 'Failed to connect to farcaster' })
  })

  it('refuses a message for another nonce (a replay from another sign-in) or another domain', async () => {
    const custody = privateKeyToAccount(generatePrivateKey())
    await register(custody.address, 8888)
    const replay = await startSignIn()
    await approveInApp(replay.url, custody, 8888, { nonce: 'aaaabbbbccccdddd' })
    expect((await replay.poll()).body).toEqual({ error: 'Failed to connect to farcaster' })
    const phished = await startSignIn()
    await approveInApp(phished.url, custody, 8888, { domain: 'evil.example' })
    expect((await phished.poll()).body).toEqual({ error: 'Failed to connect to farcaster' })
  })
})
