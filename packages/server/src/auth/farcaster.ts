import { randomBytes } from 'node:crypto'
import { ErrorText } from '@portico/core/spec'
import { randomToken, safeEqual, sha256 } from './crypto.js'
import type { DeviceProof } from './dpop.js'
import { authEvent } from './events.js'
import { farcasterRelay, type FarcasterRelay } from './farcasterRelay.js'
import { createSession, type LoginOrigin, type Tokens } from './sessions.js'
import { projectOffersSocial } from './socialAvailability.js'
import { AuthError, type Auth } from './state.js'
import { userForIdentity } from './users.js'

/**
 * Farcaster sign-in through a relay channel: GET_FARCASTER_URI opens a channel and returns the
 * URL the host shows as a QR code; CONNECT_FARCASTER polls the channel until the Farcaster app
 * approved it. With config.farcaster the channel is on the Farcaster relay and the signed
 * message is verified with @farcaster/auth-client on the configured Optimism RPC (farcasterRelay.ts).
 * Without it, under --dev only, a LOCAL STAND-IN relay (dev routes, /dev/farcaster/*) answers:
 * its approvals are not signed by a Farcaster key.
 */
const relays = new WeakMap<Auth, FarcasterRelay>()
function relayOf(auth: Auth): FarcasterRelay | undefined {
  const config = auth.ctx.config.farcaster
  if (!config) return undefined
  let relay = relays.get(auth)
  if (!relay) relays.set(auth, (relay = farcasterRelay(config, auth.ctx.config.publicUrl)))
  return relay
}

export async function startFarcaster(auth: Auth, opts: { projectId: string; device: DeviceProof; apiUrl: string }) {
  // As for the other socials (social.ts): a provider the project's remote features do not offer is not started.
  const project = await auth.ctx.projects(opts.projectId)
  if (!project || !projectOffersSocial(project.features, 'farcaster')) throw new AuthError(400, 'Sign-in with farcaster is not enabled for this project')
  const relay = relayOf(auth)
  if (!relay && !auth.ctx.config.devRoutes) throw new AuthError(503, ErrorText.failedToConnectFarcaster)
  // A SIWE nonce: at least 8 alphanumerics.
  const nonce = relay ? randomBytes(16).toString('hex') : randomToken(12)
  let channel: { channelToken: string; url: string }
  if (relay) {
    try {
      channel = await relay.createChannel(nonce)
    } catch (error) {
      authEvent(auth.ctx, 'login_failed', { method: 'farcaster', reason: `relay: ${error instanceof Error ? error.message : 'error'}` }, 'warn')
      throw new AuthError(503, ErrorText.failedToConnectFarcaster)
    }
  } else {
    const token = randomToken(18)
    channel = { channelToken: token, url: `${opts.apiUrl}/dev/farcaster/channel/${token}?nonce=${nonce}` }
  }
  const channelToken = channel.channelToken
  const binding = randomToken()
  const now = auth.settings.now()
  await auth.ctx.db.query(
    `insert into auth_farcaster_channels (channel_token, project_id, device_id, binding_hash, nonce, expires_at, created_at, jkt)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      channelToken,
      opts.projectId,
      opts.device.deviceId,
      sha256(binding),
      nonce,
      new Date(now + auth.settings.socialStateTtlMs),
      new Date(now),
      opts.device.jkt,
    ],
  )
  return { url: channel.url, channelToken, binding }
}

/** The stand-in relay's approval (what the Farcaster app would do after the user signs). */
export async function approveFarcasterStandIn(auth: Auth, opts: { channelToken: string; fid: string; username: string }) {
  const rows = await auth.ctx.db.query(
    `update auth_farcaster_channels set approved_at = $2, fid = $3, username = $4
     where channel_token = $1 and approved_at is null and expires_at > $2 returning channel_token`,
    [opts.channelToken, new Date(auth.settings.now()), opts.fid, opts.username],
  )
  return rows.length > 0
}

export async function farcasterStatus(
  auth: Auth,
  opts: { projectId: string; channelToken: unknown; binding: unknown; device: DeviceProof; origin?: LoginOrigin },
): Promise<{ state: 'pending' } | ({ state: 'completed' } & Tokens)> {
  const db = auth.ctx.db
  const [row] = await db.query<{
    project_id: string
    jkt: string | null
    binding_hash: string
    nonce: string
    fid: string | null
    username: string | null
    approved_at: unknown
    consumed_at: unknown
    expires_at: Date | string
  }>('select project_id, jkt, binding_hash, nonce, fid, username, approved_at, consumed_at, expires_at from auth_farcaster_channels where channel_token = $1', [
    String(opts.channelToken ?? ''),
  ])
  if (!row || row.project_id !== opts.projectId || row.jkt !== opts.device.jkt || !safeEqual(sha256(String(opts.binding ?? '')), row.binding_hash))
    throw new AuthError(400, ErrorText.failedToConnectFarcaster)
  if (row.consumed_at) throw new AuthError(400, ErrorText.failedToConnectFarcaster)
  if (!row.approved_at) {
    if (new Date(row.expires_at).getTime() <= auth.settings.now()) throw new AuthError(400, ErrorText.failedToConnectFarcaster)
    const relay = relayOf(auth)
    if (!relay) return { state: 'pending' }
    const signed = await signedIn(auth, relay, String(opts.channelToken), row.nonce)
    if (!signed) return { state: 'pending' }
    row.fid = signed.fid
    row.username = signed.username
  }
  const consumed = await db.query('update auth_farcaster_channels set consumed_at = $2 where channel_token = $1 and consumed_at is null returning fid', [
    String(opts.channelToken),
    new Date(auth.settings.now()),
  ])
  if (!consumed.length) throw new AuthError(400, ErrorText.failedToConnectFarcaster)
  const user = await userForIdentity(db, { provider: 'farcaster', subject: row.fid!, emailVerified: false, username: row.username })
  const tokens = await createSession(auth, {
    userId: user.id,
    device: opts.device,
    projectId: opts.projectId,
    method: 'farcaster',
    recovery: true,
    origin: opts.origin,
  })
  return { state: 'completed', ...tokens }
}

/**
 * The relay's answer for a channel, verified: pending → undefined; completed → the fid the
 * message was signed for (signature, nonce, domain, ID/key registry on Optimism). A message that
 * fails verification ends the channel (no second try with another message).
 */
async function signedIn(auth: Auth, relay: FarcasterRelay, channelToken: string, nonce: string) {
  const fail = async (why: string) => {
    authEvent(auth.ctx, 'login_failed', { method: 'farcaster', reason: why }, 'warn')
    await auth.ctx.db.query('update auth_farcaster_channels set consumed_at = $2 where channel_token = $1 and consumed_at is null', [
      channelToken,
      new Date(auth.settings.now()),
    ])
    return new AuthError(400, ErrorText.failedToConnectFarcaster)
  }
  let status: Awaited<ReturnType<FarcasterRelay['status']>>
  try {
    status = await relay.status(channelToken)
  } catch (error) {
    authEvent(auth.ctx, 'login_failed', { method: 'farcaster', reason: `relay: ${error instanceof Error ? error.message : 'error'}` }, 'warn')
    throw new AuthError(503, ErrorText.failedToConnectFarcaster)
  }
  if (status.state === 'pending') return undefined
  const verified = await relay.verify({ nonce, message: status.message, signature: status.signature as `0x${string}` }).catch((e: unknown) => ({
    error: e instanceof Error ? e.message : 'verify failed',
  }))
  if ('error' in verified) throw await fail(verified.error.slice(0, 200))
  const fid = String(verified.fid)
  const username = status.username ?? null // the relay's word: a display name only, never the identity
  const rows = await auth.ctx.db.query(
    `update auth_farcaster_channels set approved_at = $2, fid = $3, username = $4
     where channel_token = $1 and approved_at is null returning channel_token`,
    [channelToken, new Date(auth.settings.now()), fid, username],
  )
  if (!rows.length) throw new AuthError(400, ErrorText.failedToConnectFarcaster)
  return { fid, username }
}
