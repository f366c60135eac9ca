import type { AuthSettings } from '../config.js'
import type { Session } from './sessions.js'
import { AuthError, type Auth } from './state.js'

/**
 * Online guessing of a passkey or password (CUSTODY.md, "Wrong factor proofs"). Whoever reads the
 * mailbox can sign in on a device of their own, so a count per user alone would let them lock the
 * owner out. Wrong proofs are counted per device (the session's DPoP key) and per user:
 * - a device gets factorFreeTriesPerDevice wrong proofs, then waits factorDelayMs before the next
 *   one, doubling with each further wrong proof (up to factorMaxDelayMs);
 * - the user's count, past factorFreeTriesPerUser, makes a device that has already failed wait
 *   too (so new devices of a mailbox holder do not add up to many tries), but never a device
 *   that has not failed: the owner's right proof from such a device is checked at once.
 * A try is counted before its proof is checked, in one transaction holding both rows' locks (the
 * user's row first), so parallel requests get no more tries than one after the other; a right
 * proof gives the try back. Counts are forgotten after factorFailureMemoryMs without a wrong proof.
 */

/** The user's row has device_id ''. */
const USER = ''

interface TryRow {
  device_id: string
  failures: number
  last_failed_at: Date | string | null
}

/** The wait after `failures` wrong proofs: none for the first `free`, then factorDelayMs doubling up to factorMaxDelayMs. */
export function factorDelayMs(settings: AuthSettings, failures: number, free: number): number {
  if (failures < free) return 0
  return Math.min(settings.factorMaxDelayMs, settings.factorDelayMs * 2 ** Math.min(failures - free, 40))
}

/** 'in 45 seconds', 'in 3 minutes', 'in 2 hours' (English answers and mails; the frame words its own). */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** A counted try: what is needed to give it back if the proof was right. */
export interface FactorTry {
  at: Date
  userFailedBefore: Date | null
  /** This device's wrong proofs, this one included if it turns out wrong. */
  deviceFailures: number
}

/**
 * Counts a try for this session's device and its user, or refuses it (429 with the time to try
 * again) while the device, or the user for a device that already failed, must wait.
 */
export async function claimFactorTry(auth: Auth, session: Session): Promise<FactorTry> {
  const s = auth.settings
  const now = s.now()
  const { userId, deviceId } = session
  const result = await auth.ctx.db.transaction(async (tx): Promise<{ counted: FactorTry } | { retryAt: number }> => {
    await tx.query(`insert into auth_factor_tries (user_id, device_id) values ($1, $2), ($1, $3) on conflict do nothing`, [userId, USER, deviceId])
    const rows = await tx.query<TryRow>(
      `select device_id, failures, last_failed_at from auth_factor_tries where user_id = $1 and device_id in ($2, $3) order by device_id for update`,
      [userId, USER, deviceId],
    )
    const remembered = (row: TryRow | undefined) => {
      const at = row?.last_failed_at ? new Date(row.last_failed_at).getTime() : undefined
      return at !== undefined && at > now - s.factorFailureMemoryMs ? { failures: Number(row!.failures), at } : { failures: 0, at: 0 }
    }
    const userRow = rows.find((r) => r.device_id === USER)
    const user = remembered(userRow)
    const device = remembered(rows.find((r) => r.device_id === deviceId))
    const deviceReady = device.at + factorDelayMs(s, device.failures, s.factorFreeTriesPerDevice)
    const userReady = device.failures === 0 ? 0 : user.at + factorDelayMs(s, user.failures, s.factorFreeTriesPerUser)
    const retryAt = Math.max(deviceReady, userReady)
    if (retryAt > now) return { retryAt }
    const at = new Date(now)
    const count = 'update auth_factor_tries set failures = $3, last_failed_at = $4 where user_id = $1 and device_id = $2'
    await tx.query(count, [userId, deviceId, device.failures + 1, at])
    await tx.query(count, [userId, USER, user.failures + 1, at])
    return { counted: { at, userFailedBefore: userRow?.last_failed_at ? new Date(userRow.last_failed_at) : null, deviceFailures: device.failures + 1 } }
  })
  if ('counted' in result) return result.counted
  const seconds = Math.max(1, Math.ceil((result.retryAt - now) / 1000))
  throw new AuthError(429, `Too many wrong tries. Try again in ${waitText(seconds * 1000)}`, {
    code: 'factorRetryLater',
    retry: { at: result.retryAt, seconds },
  })
}

/** The proof was right: this device starts afresh and the user's count gets the try back. */
export async function factorTryWasRight(auth: Auth, session: Session, counted: FactorTry) {
  const db = auth.ctx.db
  await db.query('update auth_factor_tries set failures = 0, last_failed_at = null where user_id = $1 and device_id = $2', [session.userId, session.deviceId])
  await db.query(
    `update auth_factor_tries set failures = greatest(failures - 1, 0), last_failed_at = case when last_failed_at = $3 then $4 else last_failed_at end
     where user_id = $1 and device_id = $2`,
    [session.userId, USER, counted.at, counted.userFailedBefore],
  )
}

/** The wait before this device's next try after a wrong proof (0 while it has free tries left). */
export const nextTryWait = (auth: Auth, counted: FactorTry) => factorDelayMs(auth.settings, counted.deviceFailures, auth.settings.factorFreeTriesPerDevice)

/** Whether to mail the owner about this device's wrong proof: at most once per device per factorNoticeEveryMs. */
export async function claimFactorNotice(auth: Auth, session: Session): Promise<boolean> {
  const now = auth.settings.now()
  const rows = await auth.ctx.db.query(
    'update auth_factor_tries set notice_at = $3 where user_id = $1 and device_id = $2 and (notice_at is null or notice_at <= $4) returning device_id',
    [session.userId, session.deviceId, new Date(now), new Date(now - auth.settings.factorNoticeEveryMs)],
  )
  return rows.length > 0
}

/** The notice could not be sent: the next wrong proof from this device tries again. */
export async function releaseFactorNotice(auth: Auth, session: Session) {
  await auth.ctx.db.query('update auth_factor_tries set notice_at = null where user_id = $1 and device_id = $2', [session.userId, session.deviceId])
}
