import { ErrorText } from '@portico/core/spec'
import { randomToken, safeEqual, sha256 } from './crypto.js'
import type { DeviceProof } from './dpop.js'
import { createSession, type LoginOrigin, type Tokens } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { userForIdentity } from './users.js'

/**
 * Farcaster sign-in through a relay channel: GET_FARCASTER_URI opens a channel and returns the
 * URL the host shows as a QR code; CONNECT_FARCASTER polls the channel until the Farcaster app
 * approved it. Only the LOCAL STAND-IN relay (dev routes, /dev/farcaster/*) exists so far: its
 * approvals are not signed by a Farcaster key. Production needs the Farcaster relay and an
 * Optimism RPC to verify the signed message (not built yet).
 */
export async function startFarcaster(auth: Auth, opts: { projectId: string; device: DeviceProof; apiUrl: string }) {
  if (!auth.ctx.config.devRoutes) throw new AuthError(503, ErrorText.failedToConnectFarcaster)
  const channelToken = randomToken(18)
  const binding = randomToken()
  const nonce = randomToken(12)
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
  const url = `${opts.apiUrl}/dev/farcaster/channel/${channelToken}?nonce=${nonce}`
  return { url, channelToken, binding }
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
    fid: string | null
    username: string | null
    approved_at: unknown
    consumed_at: unknown
    expires_at: Date | string
  }>('select project_id, jkt, binding_hash, fid, username, approved_at, consumed_at, expires_at from auth_farcaster_channels where channel_token = $1', [
    String(opts.channelToken ?? ''),
  ])
  if (!row || row.project_id !== opts.projectId || row.jkt !== opts.device.jkt || !safeEqual(sha256(String(opts.binding ?? '')), row.binding_hash))
    throw new AuthError(400, ErrorText.failedToConnectFarcaster)
  if (!row.approved_at) {
    if (new Date(row.expires_at).getTime() <= auth.settings.now()) throw new AuthError(400, ErrorText.failedToConnectFarcaster)
    return { state: 'pending' }
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
