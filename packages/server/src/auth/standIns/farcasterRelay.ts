import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createPublicClient, http, pad, toHex, type Address } from 'viem'

/**
 * TESTS ONLY — two STAND-INS for Sign In With Farcaster:
 *
 * 1. The auth relay (the real one: https://relay.farcaster.xyz): POST /v1/channel,
 *    GET /v1/channel/status (Bearer channel token; 202 pending, 200 completed),
 *    POST /v1/channel/authenticate (what the Farcaster app calls after the user signs), with the
 *    relay's documented shapes, on 127.0.0.1 and a free port.
 * 2. The Farcaster ID and key registries on a local anvil chain acting as Optimism (chain id 10):
 *    at the registries' real addresses, minimal contracts (anvil_setCode): IdRegistry.idOf(address)
 *    returns the fid stored at the address's slot (anvil_setStorageAt), KeyRegistry.keyDataOf
 *    answers "no key" (state 0, keyType 0), so a message must be signed by the custody address.
 *    @farcaster/auth-client reads exactly these two calls; the real contracts hold far more.
 */

export const ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
export const KEY_REGISTRY = '0x00000000fc1237824fb747abde0ff18990e59b7e'
/** PUSH1 4 CALLDATALOAD SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: return storage[arg0]. */
const ID_REGISTRY_CODE = '0x6004355460005260206000f3'
/** PUSH1 64 PUSH1 0 RETURN: 64 zero bytes (KeyData { state: 0, keyType: 0 }). */
const KEY_REGISTRY_CODE = '0x60406000f3'

/** Installs the registries' stand-ins on an anvil chain; returns register(custody, fid). */
export async function installFarcasterRegistries(rpcUrl: string) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const rpc = (method: string, params: unknown[]) => client.request({ method: method as never, params: params as never })
  await rpc('anvil_setCode', [ID_REGISTRY, ID_REGISTRY_CODE])
  await rpc('anvil_setCode', [KEY_REGISTRY, KEY_REGISTRY_CODE])
  return {
    register: (custody: Address, fid: number) => rpc('anvil_setStorageAt', [ID_REGISTRY, pad(custody), pad(toHex(fid))]),
  }
}

interface Channel {
  token: string
  nonce: string
  siweUri: string
  domain: string
  url: string
  completed?: Record<string, unknown>
}

export interface FarcasterRelayStandIn {
  url: string
  channels: Map<string, Channel>
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
const readJson = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let data = ''
    req.on('data', (chunk) => (data += chunk))
    req.on('end', () => {
      try {
        resolve(JSON.parse(data || '{}'))
      } catch {
        resolve({})
      }
    })
  })

export async function startFarcasterRelayStandIn(): Promise<FarcasterRelayStandIn> {
  const channels = new Map<string, Channel>()
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://relay').pathname
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    if (req.method === 'POST' && path === '/v1/channel') {
      const body = await readJson(req)
      if (typeof body.siweUri !== 'string' || typeof body.domain !== 'string') return json(res, 400, { error: 'Validation error' })
      const channel: Channel = {
        token: randomUUID(),
        nonce: typeof body.nonce === 'string' ? body.nonce : randomUUID().replace(/-/g, ''),
        siweUri: body.siweUri,
        domain: body.domain,
        url: '',
      }
      channel.url = `https://farcaster.xyz/~/siwf?${new URLSearchParams({ channelToken: channel.token, nonce: channel.nonce, siweUri: channel.siweUri, domain: channel.domain })}`
      channels.set(channel.token, channel)
      return json(res, 201, { channelToken: channel.token, url: channel.url, nonce: channel.nonce })
    }
    const channel = channels.get(token)
    if (!channel) return json(res, 401, { error: 'Unauthorized' })
    if (req.method === 'GET' && path === '/v1/channel/status') {
      if (!channel.completed) return json(res, 202, { state: 'pending', nonce: channel.nonce, url: channel.url })
      return json(res, 200, { state: 'completed', nonce: channel.nonce, url: channel.url, ...channel.completed })
    }
    if (req.method === 'POST' && path === '/v1/channel/authenticate') {
      if (!req.headers['x-farcaster-auth-relay-key']) return json(res, 401, { error: 'Unauthorized' })
      const body = await readJson(req)
      channel.completed = { message: body.message, signature: body.signature, fid: body.fid, username: body.username, displayName: body.displayName }
      return json(res, 201, { state: 'completed', nonce: channel.nonce, url: channel.url, ...channel.completed })
    }
    return json(res, 404, { error: 'Not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    channels,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
