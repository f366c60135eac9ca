import { randomId, randomToken, sha256 } from './crypto.js'
import type { DeviceProof } from './dpop.js'
import { describeRequest, detailLines, newMatchCode } from './requestInfo.js'
import { createSession, type LoginOrigin, type Tokens } from './sessions.js'
import { AuthError, type Auth } from './state.js'

/*
 * A known wallet signing in on a device without its share (email.ts: verifyEmailLogin): the owner approves the
 * device through a mailed link (the approval page, approvalPage.ts), and the polling device gets its session then.
 */

/** Mails the owner an approval link for a new device (VERIFY_DEVICE), naming the request and a code its modal shows too. */
export async function requestDeviceApproval(
  auth: Auth,
  opts: { projectId: string; userId: string; email: string; challengeId: string; device: DeviceProof; origin?: LoginOrigin; apiUrl: string },
) {
  const db = auth.ctx.db
  const approvalId = randomId()
  const token = randomToken()
  const now = auth.settings.now()
  const matchCode = newMatchCode()
  const origin = opts.origin ?? {}
  await db.query(
    `insert into auth_device_approvals (id, project_id, user_id, device_id, token_hash, otp_challenge_id, expires_at, created_at, host_origin, user_agent, ip, match_code)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      approvalId,
      opts.projectId,
      opts.userId,
      opts.device.deviceId,
      sha256(token),
      opts.challengeId,
      new Date(now + auth.settings.deviceApprovalTtlMs),
      new Date(now),
      origin.hostOrigin ?? null,
      origin.userAgent?.slice(0, 400) ?? null,
      origin.ip ?? null,
      matchCode,
    ],
  )
  const link = `${opts.apiUrl}/auth/device/approve?projectId=${encodeURIComponent(opts.projectId)}&token=${token}`
  const details = describeRequest({ ...origin, projectName: await projectName(auth, opts.projectId), at: now })
  await auth.mailer.send({
    to: opts.email,
    subject: 'Approve a new device for your Portico wallet',
    text: approvalMailText(auth, { link, details, matchCode }),
  })
  return { action: 'VERIFY_DEVICE' as const, approvalId, matchCode }
}

async function projectName(auth: Auth, projectId: string): Promise<string | undefined> {
  const [row] = await auth.ctx.db.query<{ name: string }>('select name from projects where project_id = $1', [projectId]).catch(() => [])
  return row?.name
}

function approvalMailText(auth: Auth, opts: { link: string; details: ReturnType<typeof describeRequest>; matchCode: string }) {
  const minutes = Math.round(auth.settings.deviceApprovalTtlMs / 60_000)
  return [
    'Someone is signing in to your Portico wallet on a new device or site:',
    '',
    detailLines(opts.details),
    `Code:    ${opts.matchCode}`,
    '',
    `Approve only if this is you AND the sign-in window shows the same code (${opts.matchCode}).`,
    'Approving lets that device open your wallet, unless a passkey or password protects it (then the device needs that too).',
    '',
    `Approve it: ${opts.link}`,
    '',
    `The link expires in ${minutes} minutes. If this was not you, ignore this mail: nothing happens without the link.`,
  ].join('\n')
}

/** What the approval page shows about the request (undefined: the link expired or was used). */
export async function deviceApprovalDetails(auth: Auth, token: string) {
  const [row] = await auth.ctx.db.query<{
    project_id: string
    host_origin: string | null
    user_agent: string | null
    ip: string | null
    match_code: string | null
    created_at: unknown
  }>(
    `select project_id, host_origin, user_agent, ip, match_code, created_at from auth_device_approvals
     where token_hash = $1 and approved_at is null and expires_at > $2`,
    [sha256(token), new Date(auth.settings.now())],
  )
  if (!row) return undefined
  const details = describeRequest({
    hostOrigin: row.host_origin,
    projectName: await projectName(auth, row.project_id),
    userAgent: row.user_agent,
    ip: row.ip,
    at: new Date(row.created_at as string).getTime(),
  })
  return { ...details, matchCode: row.match_code ?? '' }
}

/** The device approval page's POST: marks it approved; the polling device gets its session then. */
export async function approveDevice(auth: Auth, token: string): Promise<'approved' | 'invalid'> {
  const [row] = await auth.ctx.db.query(
    'update auth_device_approvals set approved_at = $2 where token_hash = $1 and approved_at is null and expires_at > $2 returning id',
    [sha256(token), new Date(auth.settings.now())],
  )
  return row ? 'approved' : 'invalid'
}

/**
 * CONNECT_DEVICE polls this (signed by the device key that verified the code) until the owner used
 * the approval link; then, once, the session, allowed to fetch the recovery material within minutes.
 */
export async function deviceApprovalStatus(
  auth: Auth,
  opts: { approvalId: string; device: DeviceProof; projectId: string },
): Promise<{ approved: false } | ({ approved: true } & Tokens)> {
  const db = auth.ctx.db
  const now = new Date(auth.settings.now())
  const [issued] = await db.query<{ user_id: string; host_origin: string | null; user_agent: string | null; ip: string | null }>(
    `update auth_device_approvals set session_issued_at = $4
     where id = $1 and device_id = $2 and project_id = $3 and approved_at is not null and session_issued_at is null
     returning user_id, host_origin, user_agent, ip`,
    [opts.approvalId, opts.device.deviceId, opts.projectId, now],
  )
  if (issued) {
    const origin = { hostOrigin: issued.host_origin, userAgent: issued.user_agent, ip: issued.ip }
    const tokens = await createSession(auth, {
      userId: issued.user_id,
      device: opts.device,
      projectId: opts.projectId,
      method: 'email',
      recovery: true,
      origin,
    })
    return { approved: true, ...tokens }
  }
  const [row] = await db.query<{ session_issued_at: unknown; expires_at: Date | string }>(
    'select session_issued_at, expires_at from auth_device_approvals where id = $1 and device_id = $2 and project_id = $3',
    [opts.approvalId, opts.device.deviceId, opts.projectId],
  )
  if (!row || row.session_issued_at) throw new AuthError(404, 'Unknown device approval')
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new AuthError(400, 'The approval link expired. Please sign in again')
  return { approved: false }
}
