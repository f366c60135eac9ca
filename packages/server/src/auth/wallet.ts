import { open, seal } from './crypto.js'
import type { Session } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { identitiesOf, userById } from './users.js'

/**
 * The server's part of the key-share design (README of packages/secure-frame): it stores a hash
 * of the secret, the derived addresses, one share of each device's 2-of-2 and the recovery pair,
 * all shares AES-256-GCM-encrypted at rest; it never combines them.
 */
export interface WalletMaterial {
  wallet: null | {
    secretHash: string
    addresses: Record<string, string>
    authShare?: string
    recoveryShares?: [string, string]
  }
}

const SHARE_RE = /^[A-Za-z0-9+/=_-]{4,200}$/

function checkShare(share: unknown): string {
  if (typeof share !== 'string' || !SHARE_RE.test(share)) throw new AuthError(400, 'Invalid share')
  return share
}

const deviceAad = (userId: string, deviceId: string) => `device-share:${userId}:${deviceId}`

export async function walletMaterial(auth: Auth, session: Session): Promise<WalletMaterial> {
  const db = auth.ctx.db
  const [wallet] = await db.query<{ secret_hash: string; addresses: unknown }>('select secret_hash, addresses from auth_wallets where user_id = $1', [
    session.userId,
  ])
  if (!wallet) return { wallet: null }
  const addresses = (typeof wallet.addresses === 'string' ? JSON.parse(wallet.addresses) : wallet.addresses) as Record<string, string>
  const [share] = await db.query<{ ciphertext: string }>('select ciphertext from auth_device_shares where user_id = $1 and device_id = $2', [
    session.userId,
    session.deviceId,
  ])
  if (share)
    return { wallet: { secretHash: wallet.secret_hash, addresses, authShare: open(auth.secrets.shareKey, share.ciphertext, deviceAad(session.userId, session.deviceId)) } }
  if (!session.recoveryAllowed) return { wallet: { secretHash: wallet.secret_hash, addresses } }
  const [recovery] = await db.query<{ first_ciphertext: string; second_ciphertext: string }>(
    'select first_ciphertext, second_ciphertext from auth_recovery_shares where user_id = $1',
    [session.userId],
  )
  if (!recovery) return { wallet: { secretHash: wallet.secret_hash, addresses } }
  return {
    wallet: {
      secretHash: wallet.secret_hash,
      addresses,
      recoveryShares: [
        open(auth.secrets.shareKey, recovery.first_ciphertext, `recovery-1:${session.userId}`),
        open(auth.secrets.recoveryKey, recovery.second_ciphertext, `recovery-2:${session.userId}`),
      ],
    },
  }
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
    const inserted = await tx.query('insert into auth_wallets (user_id, secret_hash, addresses) values ($1, $2, $3) on conflict (user_id) do nothing returning user_id', [
      userId,
      secretHash,
      JSON.stringify(addresses),
    ])
    if (!inserted.length) return false
    await tx.query('insert into auth_device_shares (user_id, device_id, ciphertext) values ($1, $2, $3)', [
      userId,
      deviceId,
      seal(auth.secrets.shareKey, authShare, deviceAad(userId, deviceId)),
    ])
    await tx.query('insert into auth_recovery_shares (user_id, first_ciphertext, second_ciphertext) values ($1, $2, $3)', [
      userId,
      seal(auth.secrets.shareKey, recovery[0]!, `recovery-1:${userId}`),
      seal(auth.secrets.recoveryKey, recovery[1]!, `recovery-2:${userId}`),
    ])
    return true
  })
  if (!created) throw new AuthError(409, 'A wallet already exists for this account')
  return {}
}

/** A newly approved device stores the auth share of its own 2-of-2 (after recovering the secret). */
export async function addDeviceShare(auth: Auth, session: Session, body: { authShare: unknown }) {
  const authShare = checkShare(body.authShare)
  if (!session.recoveryAllowed) throw new AuthError(403, 'This device is not approved')
  const db = auth.ctx.db
  await db.query(
    `insert into auth_device_shares (user_id, device_id, ciphertext) values ($1, $2, $3)
     on conflict (user_id, device_id) do update set ciphertext = excluded.ciphertext, created_at = now()`,
    [session.userId, session.deviceId, seal(auth.secrets.shareKey, authShare, deviceAad(session.userId, session.deviceId))],
  )
  await db.query('update auth_sessions set recovery_allowed = false where id = $1', [session.sessionId])
  return {}
}

export async function userInfo(auth: Auth, session: Session) {
  const user = await userById(auth.ctx.db, session.userId)
  if (!user) throw new AuthError(401, 'Session expired')
  const identities = await identitiesOf(auth.ctx.db, user.id)
  const social = identities.find((i) => i.provider !== 'email')
  return {
    email: user.email,
    userName: social?.username ?? undefined,
    socialProvider: social?.provider,
    preferredAccountType: user.preferred_account_type,
  }
}

export async function setPreferredAccountType(auth: Auth, session: Session, type: unknown) {
  if (type !== 'eoa' && type !== 'smartAccount') throw new AuthError(400, 'Invalid account type')
  await auth.ctx.db.query('update auth_users set preferred_account_type = $2 where id = $1', [session.userId, type])
  return { type }
}
