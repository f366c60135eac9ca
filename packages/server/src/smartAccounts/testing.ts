import { randomBytes } from 'node:crypto'
import { type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { frameClient, type TestDevice } from '../auth/testing.js'
import type { PorticoServer } from '../server.js'

/**
 * A signed-in embedded-wallet user as the secure frame would be, for the sponsorship tests: an email
 * login through the real auth routes (the OTP read from the dev mail catcher), a wallet whose eip155
 * address is the key made here, and a fetch that signs each request with the device's DPoP proof and
 * sends the session's token (what the frame's bundler and paymaster transports do).
 */
export interface SponsorUser {
  email: string
  key: Hex
  device: TestDevice
  accessToken: string
  /** A fetch for viem's http transport: DPoP proof + Authorization on every call. */
  fetchFn: typeof fetch
}

const shareText = () => randomBytes(33).toString('base64url')

export async function signInSponsorUser(server: PorticoServer, projectId = 'portico-dev', key: Hex = generatePrivateKey()): Promise<SponsorUser> {
  const client = frameClient(server, projectId)
  const email = `sponsor-${randomBytes(4).toString('hex')}@example.com`
  const start = await client.call<{ challengeId: string }>('/auth/email/start', { email, hostOrigin: 'http://127.0.0.1:5173' })
  if (start.status !== 200) throw new Error(`email start: ${start.status} ${JSON.stringify(start.body)}`)
  const code = client.codeIn(await client.latestMail(email))
  const verified = await client.call<{ accessToken: string }>('/auth/email/verify', {
    challengeId: start.body.challengeId,
    otp: code,
    hostOrigin: 'http://127.0.0.1:5173',
  })
  if (!verified.body.accessToken) throw new Error(`email verify: ${verified.status} ${JSON.stringify(verified.body)}`)
  const created = await client.call(
    '/auth/wallet',
    {
      secretHash: randomBytes(32).toString('hex'),
      addresses: { eip155: privateKeyToAccount(key).address },
      authShare: shareText(),
      recoveryShares: [shareText(), shareText()],
    },
    verified.body.accessToken,
  )
  if (created.status !== 200) throw new Error(`wallet: ${created.status} ${JSON.stringify(created.body)}`)
  const device = client.device
  const accessToken = verified.body.accessToken
  const fetchFn = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init.method ?? 'GET'
    const body = typeof init.body === 'string' ? init.body : undefined
    const headers = new Headers(init.headers)
    headers.set('authorization', `DPoP ${accessToken}`)
    headers.set('dpop', device.proof({ method, url, accessToken, body, now: Date.now() }))
    return fetch(url, { ...init, headers })
  }) as typeof fetch
  return { email, key, device, accessToken, fetchFn }
}

/**
 * Fees as the secure frame takes them: the bundler's own suggestion (pimlico_getUserOperationGasPrice,
 * 'fast'), not viem's default of twice the node's, which the paymaster's fee bound may refuse when the
 * node's suggestion moves between two reads.
 */
export const bundlerFees = {
  async estimateFeesPerGas({ bundlerClient }: { bundlerClient: { request(args: { method: string }): Promise<unknown> } }) {
    const price = (await bundlerClient.request({ method: 'pimlico_getUserOperationGasPrice' })) as { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }
    return { maxFeePerGas: BigInt(price.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(price.fast.maxPriorityFeePerGas) }
  },
}
