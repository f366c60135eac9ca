import { open, seal } from './crypto.js'
import { sendNotice } from './notices.js'
import { checkFactorProof, checkKeyProof, factorWrapAad } from './proofs.js'
import { sealToDevice } from './release.js'
import type { Session } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { identitiesOf, userById } from './users.js'

/**
 * The server's part of the key-share design (packages/secure-frame/CUSTODY.md). It stores a hash
 * of the secret, the derived addresses, one share of each device's 2-of-2 and the recovery pair,
 * all sealed at rest under keys kept outside the data directory; it never combines them. Every
 * share it hands out is encrypted to the requesting device's key (release.ts).
 */
export interface FactorDescriptor {
  id: string
  kind: 'passkey' | 'password'
  credentialId?: string
  prfSalt?: string
  kdf?: Record<string, unknown>
}

export interface WalletMaterial {
  wallet: null | {
    secretHash: string
    addresses: Record<string, string>
    /** This device's auth share, encrypted to the device key. */
    authShare?: string
    /** A device without a share: whether (and how) this login may rebuild the key. */
    recovery?: { available: boolean; protected: boolean; factors: FactorDescriptor[]; reason?: string }
  }
}

const SHARE_RE = /^[A-Za-z0-9+/=_-]{4,200}$/
/** A share the frame wrapped (opaque here): base64url of iv ‖ ciphertext. */
const WRAPPED_RE = /^[A-Za-z0-9_-]{40,400}$/

function checkShare(share: unknown): string {
  if (typeof share !== 'string' || !SHARE_RE.test(share)) throw new AuthError(400, 'Invalid share')
  return share
}
export function checkWrapped(value: unknown, what = 'wrapped share'): string {
  if (typeof value !== 'string' || !WRAPPED_RE.test(value)) throw new AuthError(400, `Invalid ${what}`)
  return value
}

const deviceAad = (userId: string, deviceId: string) => `device-share:${userId}:${deviceId}`
export const recoveryAad = (userId: string, half: 1 | 2) => `recovery-${half}:${userId}`

async function walletRow(auth: Auth, userId: string) {
  const [wallet] = await auth.ctx.db.query<{ secret_hash: string; addresses: unknown }>('select secret_hash, addresses from auth_wallets where user_id = $1', [
    userId,
  ])
  if (!wallet) return undefined
  const addresses = (typeof wallet.addresses === 'string' ? JSON.parse(wallet.addresses) : wallet.addresses) as Record<string, string>
  return { secretHash: wallet.secret_hash, addresses }
}

export async function factorDescriptors(auth: Auth, userId: string): Promise<FactorDescriptor[]> {
  const rows = await auth.ctx.db.query<{ id: string; kind: 'passkey' | 'password'; credential_id: string | null; prf_salt: string | null; kdf: unknown }>(
    'select id, kind, credential_id, prf_salt, kdf from auth_factors where user_id = $1 order by created_at',
    [userId],
  )
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    ...(r.credential_id ? { credentialId: r.credential_id } : {}),
    ...(r.prf_salt ? { prfSalt: r.prf_salt } : {}),
    ...(r.kdf ? { kdf: (typeof r.kdf === 'string' ? JSON.parse(r.kdf) : r.kdf) as Record<string, unknown> } : {}),
  }))
}

function recoveryOpen(auth: Auth, session: Session): { ok: boolean; reason?: string } {
  const now = auth.settings.now()
  if (session.recoveryReleasedAt !== undefined) return { ok: false, reason: 'The recovery material was already released to this login. Sign in again' }
  if (session.recoveryUntil === undefined) return { ok: false, reason: 'This device is not approved for this wallet. Sign in again with your email' }
  if (now > session.recoveryUntil) return { ok: false, reason: 'The time to set up this device ran out. Sign in again' }
  return { ok: true }
}

/** GET /auth/wallet: the secret's hash, the addresses, and this device's auth share (encrypted to it). */
export async function walletMaterial(auth: Auth, session: Session): Promise<WalletMaterial> {
  const db = auth.ctx.db
  const wallet = await walletRow(auth, session.userId)
  if (!wallet) return { wallet: null }
  const [share] = await db.query<{ ciphertext: string }>('select ciphertext from auth_device_shares where user_id = $1 and device_id = $2', [
    session.userId,
    session.deviceId,
  ])
  if (share) {
    const plain = open(auth.secrets.shareKey, share.ciphertext, deviceAad(session.userId, session.deviceId))
    return { wallet: { ...wallet, authShare: sealToDevice(session.encKey, plain, `auth-share:${session.deviceId}`) } }
  }
  const [recovery] = await db.query<{ protected: boolean }>('select protected from auth_recovery_shares where user_id = $1', [session.userId])
  const state = recoveryOpen(auth, session)
  return {
    wallet: {
      ...wallet,
      recovery: {
        available: Boolean(recovery) && state.ok,
        protected: Boolean(recovery?.protected),
        factors: recovery?.protected ? await factorDescriptors(auth, session.userId) : [],
        ...(state.reason ? { reason: state.reason } : {}),
      },
    },
  }
}

/**
 * POST /auth/wallet/recover: the recovery material for a new device, once per login and only
 * within recoveryWindowMs of it, encrypted to the device key. A protected wallet needs a factor
 * proof first, and even then the first half stays wrapped under a key only the factor opens.
 * The owner gets a notice mail before anything is released.
 */
export async function releaseRecovery(auth: Auth, session: Session, body: { factor?: unknown }) {
  const db = auth.ctx.db
  const [existing] = await db.query('select 1 from auth_device_shares where user_id = $1 and device_id = $2', [session.userId, session.deviceId])
  if (existing) throw new AuthError(409, 'This device already holds its share of the wallet')
  const state = recoveryOpen(auth, session)
  if (!state.ok) throw new AuthError(403, state.reason!)
  const [recovery] = await db.query<{ first_ciphertext: string; second_ciphertext: string; protected: boolean }>(
    'select first_ciphertext, second_ciphertext, protected from auth_recovery_shares where user_id = $1',
    [session.userId],
  )
  if (!recovery) throw new AuthError(404, 'This wallet has no recovery material')
  const user = await userById(db, session.userId)
  const notify = (lead: string) => sendNotice(auth, session, { to: [user?.email], subject: 'Someone tried to open your Portico wallet', lead })
  let wrappedKey: string | undefined
  let factorId: string | undefined
  if (recovery.protected) {
    if (!body.factor) throw new AuthError(403, 'This wallet is protected by a passkey or password: use it to open the wallet on this device')
    const factor = await checkFactorProof(auth, session, body.factor, notify)
    wrappedKey = open(auth.secrets.shareKey, factor.wrapped_key, factorWrapAad(session.userId, factor.id))
    factorId = factor.id
  }
  // Once per login: claim the release before anything leaves.
  const now = new Date(auth.settings.now())
  const claimed = await db.query(
    'update auth_sessions set recovery_released_at = $2 where id = $1 and recovery_released_at is null and recovery_until > $2 returning id',
    [session.sessionId, now],
  )
  if (!claimed.length) throw new AuthError(403, 'The recovery material was already released to this login. Sign in again')
  try {
    await sendNotice(auth, session, {
      to: [user?.email],
      subject: 'Your Portico wallet was opened on a new device',
      lead: recovery.protected
        ? 'Your wallet was opened on a new device with your passkey or password.'
        : 'Your wallet was opened on a new device after a sign-in with your email or social account.',
    })
  } catch (error) {
    await db.query('update auth_sessions set recovery_released_at = null where id = $1', [session.sessionId])
    throw error
  }
  const payload = JSON.stringify({
    protected: recovery.protected,
    shares: [
      open(auth.secrets.shareKey, recovery.first_ciphertext, recoveryAad(session.userId, 1)),
      open(auth.secrets.recoveryKey, recovery.second_ciphertext, recoveryAad(session.userId, 2)),
    ],
    ...(wrappedKey ? { wrappedKey, factorId } : {}),
  })
  return { recovery: sealToDevice(session.encKey, payload, `recovery:${session.deviceId}`) }
}

/** The first device creates the wallet: hash, addresses, its auth share and the recovery pair. */
export async function createWallet(
  auth: Auth,
  session: Session,
  body: { secretHash: unknown; addresses: unknown; authShare: unknown; recoveryShares: unknown },
) {
  const secretHash = typeof body.secretHash === 'string' && /^[0-9a-f]{64}$/.test(body.secretHash) ? body.secretHash : undefined
  const addresses = body.addresses as Record<string, unknown>
  if (
    !secretHash ||
    !addresses ||
    typeof addresses !== 'object' ||
    typeof addresses.eip155 !== 'string' ||
    !/^0x[0-9a-fA-F]{40}$/.test(addresses.eip155) ||
    Object.values(addresses).some((a) => typeof a !== 'string' || a.length > 100)
  )
    throw new AuthError(400, 'Invalid wallet')
  const authShare = checkShare(body.authShare)
  const recovery = Array.isArray(body.recoveryShares) && body.recoveryShares.length === 2 ? body.recoveryShares.map(checkShare) : undefined
  if (!recovery) throw new AuthError(400, 'Invalid recovery shares')
  const { userId, deviceId } = session
  const created = await auth.ctx.db.transaction(async (tx) => {
    const inserted = await tx.query(
      'insert into auth_wallets (user_id, secret_hash, addresses) values ($1, $2, $3) on conflict (user_id) do nothing returning user_id',
      [userId, secretHash, JSON.stringify(addresses)],
    )
    if (!inserted.length) return false
    await tx.query('insert into auth_device_shares (user_id, device_id, ciphertext) values ($1, $2, $3)', [
      userId,
      deviceId,
      seal(auth.secrets.shareKey, authShare, deviceAad(userId, deviceId)),
    ])
    await tx.query('insert into auth_recovery_shares (user_id, first_ciphertext, second_ciphertext) values ($1, $2, $3)', [
      userId,
      seal(auth.secrets.shareKey, recovery[0]!, recoveryAad(userId, 1)),
      seal(auth.secrets.recoveryKey, recovery[1]!, recoveryAad(userId, 2)),
    ])
    // This device made the key: it needs no recovery.
    await tx.query('update auth_sessions set recovery_until = null where id = $1', [session.sessionId])
    return true
  })
  if (!created) throw new AuthError(409, 'A wallet already exists for this account')
  return {}
}

/**
 * A new device, after rebuilding the key from the recovery material released to this login,
 * stores the auth share of its own 2-of-2. It proves it holds the key (a signature by the
 * wallet's key), so a session without the key cannot plant a share.
 */
export async function addDeviceShare(auth: Auth, session: Session, body: { authShare: unknown; keyProof?: unknown }) {
  const authShare = checkShare(body.authShare)
  const now = auth.settings.now()
  if (session.recoveryReleasedAt === undefined || now - session.recoveryReleasedAt > auth.settings.recoveryWindowMs)
    throw new AuthError(403, 'This device is not approved')
  await checkKeyProof(auth, session, 'device-share', body.keyProof)
  const db = auth.ctx.db
  await db.query(
    `insert into auth_device_shares (user_id, device_id, ciphertext) values ($1, $2, $3)
     on conflict (user_id, device_id) do update set ciphertext = excluded.ciphertext, created_at = now()`,
    [session.userId, session.deviceId, seal(auth.secrets.shareKey, authShare, deviceAad(session.userId, session.deviceId))],
  )
  await db.query('update auth_sessions set recovery_allowed = false, recovery_until = null where id = $1', [session.sessionId])
  return {}
}

export async function userInfo(auth: Auth, session: Session) {
  const user = await userById(auth.ctx.db, session.userId)
  if (!user) throw new AuthError(401, 'Session expired')
  const identities = await identitiesOf(auth.ctx.db, user.id)
  const social = identities.find((i) => i.provider !== 'email')
  const [factor] = await auth.ctx.db.query('select 1 from auth_factors where user_id = $1 limit 1', [user.id])
  return {
    email: user.email,
    userName: social?.username ?? undefined,
    socialProvider: social?.provider,
    preferredAccountType: user.preferred_account_type,
    protected: Boolean(factor),
  }
}

export async function setPreferredAccountType(auth: Auth, session: Session, type: unknown): Promise<{ type: 'eoa' | 'smartAccount' }> {
  if (type !== 'eoa' && type !== 'smartAccount') throw new AuthError(400, 'Invalid account type')
  await auth.ctx.db.query('update auth_users set preferred_account_type = $2 where id = $1', [session.userId, type])
  return { type }
}
