import { createHmac } from 'node:crypto'
import { verifyMessage } from 'viem'
import { open, randomToken, safeEqual } from './crypto.js'
import { claimFactorNotice, claimFactorTry, factorTryWasRight, nextTryWait, releaseFactorNotice, waitText } from './factorTries.js'
import type { Session } from './sessions.js'
import { AuthError, type Auth } from './state.js'

/**
 * Two proofs beyond the session (formats shared with packages/secure-frame/src/custody.ts):
 * - a KEY PROOF: an EIP-191 signature by the wallet's own EVM key over a server challenge. Only a
 *   frame that rebuilt the key can make it, so a session whose device has no key (a mailbox
 *   attacker's) cannot store junk shares or change the recovery.
 * - a FACTOR PROOF: HMAC-SHA256 under the factor's authentication key, which the frame derives
 *   from the passkey's PRF output or the password; the server keeps that key sealed but never
 *   the key that unwraps the recovery material (a different derivation).
 * Both name the challenge and the device key's thumbprint, and each challenge works once.
 */
export type ChallengePurpose = 'key' | 'factor'

export const keyProofMessage = (purpose: string, challenge: string, jkt: string) =>
  `Portico wallet key proof\nPurpose: ${purpose}\nChallenge: ${challenge}\nDevice: ${jkt}`

export const factorProofInput = (factorId: string, challenge: string, jkt: string) => `portico-factor-proof:v1|${factorId}|${challenge}|${jkt}`

export async function newChallenge(auth: Auth, session: Session, purpose: unknown) {
  if (purpose !== 'key' && purpose !== 'factor') throw new AuthError(400, 'Unknown challenge purpose')
  const id = randomToken(24)
  const now = auth.settings.now()
  await auth.ctx.db.query('insert into auth_challenges (id, session_id, purpose, expires_at, created_at) values ($1, $2, $3, $4, $5)', [
    id,
    session.sessionId,
    purpose,
    new Date(now + 5 * 60_000),
    new Date(now),
  ])
  return { challenge: id, expiresIn: 300 }
}

async function consumeChallenge(auth: Auth, session: Session, challenge: unknown, purpose: ChallengePurpose) {
  const now = new Date(auth.settings.now())
  const rows = await auth.ctx.db.query(
    `update auth_challenges set consumed_at = $4 where id = $1 and session_id = $2 and purpose = $3 and consumed_at is null and expires_at > $4 returning id`,
    [String(challenge ?? ''), session.sessionId, purpose, now],
  )
  if (!rows.length) throw new AuthError(400, 'The challenge expired or was used. Please try again')
}

/** A signature by the wallet's EVM key over a fresh challenge (see keyProofMessage). */
export async function checkKeyProof(auth: Auth, session: Session, purpose: string, proof: unknown) {
  const p = proof as { challenge?: unknown; signature?: unknown } | undefined
  if (!p || typeof p.signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(p.signature)) throw new AuthError(403, 'A proof by the wallet key is required')
  await consumeChallenge(auth, session, p.challenge, 'key')
  const [wallet] = await auth.ctx.db.query<{ addresses: unknown }>('select addresses from auth_wallets where user_id = $1', [session.userId])
  const addresses = (typeof wallet?.addresses === 'string' ? JSON.parse(wallet.addresses) : wallet?.addresses) as Record<string, string> | undefined
  if (!addresses?.eip155) throw new AuthError(404, 'No wallet')
  const ok = await verifyMessage({
    address: addresses.eip155 as `0x${string}`,
    message: keyProofMessage(purpose, String(p.challenge), session.jkt),
    signature: p.signature as `0x${string}`,
  }).catch(() => false)
  if (!ok) throw new AuthError(403, 'The proof by the wallet key is not valid')
}

export interface FactorRow {
  id: string
  user_id: string
  kind: 'passkey' | 'password'
  credential_id: string | null
  prf_salt: string | null
  kdf: unknown
  auth_key_ciphertext: string
  wrapped_key: string
  created_at: unknown
  last_used_at: unknown
}

export const factorAuthAad = (userId: string, factorId: string) => `factor-auth:${userId}:${factorId}`
export const factorWrapAad = (userId: string, factorId: string) => `factor-wrap:${userId}:${factorId}`

/**
 * Checks a factor proof for this session. Each try is counted first (auth/factorTries.ts: per
 * device with a growing wait, and per user for devices that already failed; 429 with the time to
 * try again while one must wait); the owner gets a notice of wrong tries, at most one per device
 * per factorNoticeEveryMs. A right one gives the try back, marks the session's
 * factor_verified_at (fresh proof for email and factor changes) and returns the factor.
 */
export async function checkFactorProof(auth: Auth, session: Session, input: unknown, notify: (lead: string) => Promise<void>): Promise<FactorRow> {
  const f = input as { id?: unknown; challenge?: unknown; proof?: unknown } | undefined
  if (!f || typeof f.id !== 'string' || typeof f.proof !== 'string') throw new AuthError(403, 'Your passkey or password is needed')
  const db = auth.ctx.db
  const now = auth.settings.now()
  await consumeChallenge(auth, session, f.challenge, 'factor')
  const counted = await claimFactorTry(auth, session)
  const [factor] = await db.query<FactorRow>('select * from auth_factors where id = $1 and user_id = $2', [f.id, session.userId])
  let ok = false
  if (factor) {
    const authKey = Buffer.from(open(auth.secrets.shareKey, factor.auth_key_ciphertext, factorAuthAad(session.userId, factor.id)), 'base64url')
    const expected = createHmac('sha256', authKey)
      .update(factorProofInput(factor.id, String(f.challenge), session.jkt))
      .digest('base64url')
    ok = safeEqual(expected, f.proof)
  }
  if (!ok || !factor) {
    const wait = nextTryWait(auth, counted)
    if (await claimFactorNotice(auth, session)) {
      const lead = [
        'Someone used a wrong passkey or password to open your Portico wallet, from the device below.',
        `Wrong tries from that device so far: ${counted.deviceFailures}.${wait ? ` Its next try must wait ${waitText(wait)}, and each further wrong one longer.` : ''}`,
        `A device that has made no wrong try can still open your wallet at once. You get at most one such mail per device every ${waitText(auth.settings.factorNoticeEveryMs)}.`,
      ].join(' ')
      await notify(lead).catch(async (error) => {
        auth.ctx.log('factor notice failed', error instanceof Error ? error.message : error)
        await releaseFactorNotice(auth, session)
      })
    }
    throw new AuthError(403, factor?.kind === 'password' ? 'Wrong password' : 'This passkey or password does not unlock this wallet', {
      code: 'factorWrong',
      ...(wait ? { retry: { at: now + wait, seconds: Math.ceil(wait / 1000) } } : {}),
    })
  }
  await factorTryWasRight(auth, session, counted)
  await db.query('update auth_sessions set factor_verified_at = $2 where id = $1', [session.sessionId, new Date(now)])
  await db.query('update auth_factors set last_used_at = $2 where id = $1', [factor.id, new Date(now)])
  session.factorVerifiedAt = now
  return factor
}
