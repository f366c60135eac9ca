import { randomId, seal } from './crypto.js'
import { sendNotice } from './notices.js'
import { checkFactorProof, checkKeyProof, factorAuthAad, factorWrapAad } from './proofs.js'
import type { Session } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { userById } from './users.js'
import { checkWrapped, factorDescriptors, recoveryAad } from './wallet.js'

/**
 * User-held factors (CUSTODY.md): a passkey with the PRF extension, or a recovery password. The
 * frame derives two keys from the factor's secret (the PRF output, or scrypt of the password):
 * an authentication key, which the server keeps sealed to check factor proofs, and a wrap key,
 * which the server never sees. The recovery material's first half is wrapped (in the frame)
 * under a recovery key, and each factor stores that recovery key wrapped under its wrap key.
 * So once a factor is set, neither the mailbox, nor the operator's database and keys, nor both,
 * rebuild the wallet.
 */
const MAX_FACTORS = 10
const B64URL_32 = /^[A-Za-z0-9_-]{43}$/

export interface FactorsResult {
  protected: boolean
  factors: Array<{
    id: string
    kind: 'passkey' | 'password'
    createdAt: string
    lastUsedAt: string | null
    credentialId?: string
    prfSalt?: string
    kdf?: Record<string, unknown>
  }>
}

export async function listFactors(auth: Auth, session: Session): Promise<FactorsResult> {
  const rows = await auth.ctx.db.query<{ id: string; created_at: unknown; last_used_at: unknown }>(
    'select id, created_at, last_used_at from auth_factors where user_id = $1 order by created_at',
    [session.userId],
  )
  const times = new Map(rows.map((r) => [r.id, r]))
  const descriptors = await factorDescriptors(auth, session.userId)
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)
  return {
    protected: descriptors.length > 0,
    factors: descriptors.map((d) => ({ ...d, createdAt: iso(times.get(d.id)?.created_at)!, lastUsedAt: iso(times.get(d.id)?.last_used_at) })),
  }
}

function checkKdf(kdf: unknown): Record<string, unknown> {
  const k = kdf as { alg?: unknown; N?: unknown; r?: unknown; p?: unknown; salt?: unknown } | undefined
  const pow2 = (n: unknown) => typeof n === 'number' && Number.isInteger(Math.log2(n))
  if (
    !k ||
    k.alg !== 'scrypt' ||
    !pow2(k.N) ||
    (k.N as number) < 2 ** 15 ||
    (k.N as number) > 2 ** 20 ||
    k.r !== 8 ||
    k.p !== 1 ||
    typeof k.salt !== 'string' ||
    !/^[A-Za-z0-9_-]{22,43}$/.test(k.salt)
  )
    throw new AuthError(400, 'Invalid password parameters')
  return { alg: 'scrypt', N: k.N, r: 8, p: 1, salt: k.salt }
}

const noticeTo = async (auth: Auth, session: Session) => [(await userById(auth.ctx.db, session.userId))?.email]

/**
 * Adds a factor. Only a device that holds the key can (a key proof); the first factor comes with
 * a fresh recovery split whose first half the frame already wrapped, which replaces the
 * server-only pair.
 */
export async function addFactor(
  auth: Auth,
  session: Session,
  body: {
    kind: unknown
    credentialId?: unknown
    prfSalt?: unknown
    kdf?: unknown
    authKey: unknown
    wrappedKey: unknown
    recovery?: unknown
    keyProof: unknown
  },
): Promise<FactorsResult> {
  const kind = body.kind
  if (kind !== 'passkey' && kind !== 'password') throw new AuthError(400, 'Unknown factor')
  if (typeof body.authKey !== 'string' || !B64URL_32.test(body.authKey)) throw new AuthError(400, 'Invalid factor key')
  const wrappedKey = checkWrapped(body.wrappedKey, 'wrapped key')
  let credentialId: string | null = null
  let prfSalt: string | null = null
  let kdf: Record<string, unknown> | null = null
  if (kind === 'passkey') {
    if (typeof body.credentialId !== 'string' || !/^[A-Za-z0-9_-]{16,1400}$/.test(body.credentialId)) throw new AuthError(400, 'Invalid passkey')
    if (typeof body.prfSalt !== 'string' || !B64URL_32.test(body.prfSalt)) throw new AuthError(400, 'Invalid passkey')
    credentialId = body.credentialId
    prfSalt = body.prfSalt
  } else kdf = checkKdf(body.kdf)
  await checkKeyProof(auth, session, 'add-factor', body.keyProof)
  const db = auth.ctx.db
  const existing = await factorDescriptors(auth, session.userId)
  if (existing.length >= MAX_FACTORS) throw new AuthError(409, 'This wallet has too many factors')
  if (kind === 'passkey' && existing.some((f) => f.credentialId === credentialId)) throw new AuthError(409, 'This passkey is already set')
  const recovery = body.recovery as { wrappedShare?: unknown; serverShare?: unknown } | undefined
  if (!existing.length && !recovery) throw new AuthError(400, 'The first factor needs a new recovery split')
  if (existing.length && recovery) throw new AuthError(400, 'The recovery is already protected')
  const id = randomId()
  const now = new Date(auth.settings.now())
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into auth_factors (id, user_id, kind, credential_id, prf_salt, kdf, auth_key_ciphertext, wrapped_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        session.userId,
        kind,
        credentialId,
        prfSalt,
        kdf ? JSON.stringify(kdf) : null,
        seal(auth.secrets.shareKey, body.authKey as string, factorAuthAad(session.userId, id)),
        seal(auth.secrets.shareKey, wrappedKey, factorWrapAad(session.userId, id)),
        now,
      ],
    )
    if (recovery) {
      const first = checkWrapped(recovery.wrappedShare)
      const second = typeof recovery.serverShare === 'string' && /^[A-Za-z0-9+/=]{4,200}$/.test(recovery.serverShare) ? recovery.serverShare : undefined
      if (!second) throw new AuthError(400, 'Invalid share')
      const updated = await tx.query(
        `update auth_recovery_shares set first_ciphertext = $2, second_ciphertext = $3, protected = true, created_at = $4 where user_id = $1 returning user_id`,
        [
          session.userId,
          seal(auth.secrets.shareKey, first, recoveryAad(session.userId, 1)),
          seal(auth.secrets.recoveryKey, second, recoveryAad(session.userId, 2)),
          now,
        ],
      )
      if (!updated.length) throw new AuthError(404, 'No wallet')
    }
  })
  await sendNotice(auth, session, {
    to: await noticeTo(auth, session),
    subject: kind === 'passkey' ? 'A passkey now protects your Portico wallet' : 'A password now protects your Portico wallet',
    lead: `A ${kind} was added to your wallet. From now on a new device needs it to open the wallet; your email alone is no longer enough.`,
    footer: 'If this was not you, your wallet key is in danger: move your funds from a device you trust.',
  })
  return listFactors(auth, session)
}

/** POST /auth/factors/verify: a factor proof (fresh proof for an email change or a factor removal). */
export async function verifyFactor(auth: Auth, session: Session, body: { factor: unknown }) {
  const email = (await noticeTo(auth, session))[0]
  await checkFactorProof(auth, session, body.factor, (lead) =>
    sendNotice(auth, session, { to: [email], subject: 'Someone tried to open your Portico wallet', lead }),
  )
  return { verifiedAt: new Date(auth.settings.now()).toISOString() }
}

/**
 * Removes a factor: needs a fresh factor proof (passkey or password of the last minutes) and a
 * key proof. Removing the last one returns the recovery to the server-held pair (the frame
 * uploads a new split in `recovery`), so the mailbox controls the wallet again.
 */
export async function removeFactor(auth: Auth, session: Session, body: { id: unknown; keyProof: unknown; recovery?: unknown }): Promise<FactorsResult> {
  const now = auth.settings.now()
  if (session.factorVerifiedAt === undefined || now - session.factorVerifiedAt > auth.settings.freshProofMs)
    throw new AuthError(403, 'Confirm it is you with your passkey or password first')
  await checkKeyProof(auth, session, 'remove-factor', body.keyProof)
  const db = auth.ctx.db
  const existing = await factorDescriptors(auth, session.userId)
  const factor = existing.find((f) => f.id === body.id)
  if (!factor) throw new AuthError(404, 'Unknown factor')
  const last = existing.length === 1
  const recovery = body.recovery as unknown[] | undefined
  if (last && !(Array.isArray(recovery) && recovery.length === 2 && recovery.every((s) => typeof s === 'string' && /^[A-Za-z0-9+/=]{4,200}$/.test(s))))
    throw new AuthError(400, 'Removing the last factor needs a new recovery split')
  await db.transaction(async (tx) => {
    await tx.query('delete from auth_factors where id = $1 and user_id = $2', [factor.id, session.userId])
    if (last) {
      const [first, second] = recovery as [string, string]
      await tx.query(`update auth_recovery_shares set first_ciphertext = $2, second_ciphertext = $3, protected = false, created_at = $4 where user_id = $1`, [
        session.userId,
        seal(auth.secrets.shareKey, first, recoveryAad(session.userId, 1)),
        seal(auth.secrets.recoveryKey, second, recoveryAad(session.userId, 2)),
        new Date(now),
      ])
    }
  })
  await sendNotice(auth, session, {
    to: await noticeTo(auth, session),
    subject: `A ${factor.kind} was removed from your Portico wallet`,
    lead: last
      ? `The ${factor.kind} that protected your wallet was removed. Whoever controls your mailbox can now open the wallet on a new device.`
      : `A ${factor.kind} was removed from your wallet.`,
  })
  return listFactors(auth, session)
}
