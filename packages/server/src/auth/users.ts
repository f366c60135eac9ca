import type { Queryable } from '../db/database.js'
import { randomId } from './crypto.js'

export interface UserRow {
  id: string
  email: string | null
  preferred_account_type: 'eoa' | 'smartAccount'
}

export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select id, email, preferred_account_type from auth_users where email = $1', [email])
  return row
}

export async function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select id, email, preferred_account_type from auth_users where id = $1', [id])
  return row
}

/** The user owning an (provider, subject) identity, created with the identity when new. */
export async function userForIdentity(
  db: Queryable,
  identity: { provider: string; subject: string; email?: string | null; emailVerified: boolean; username?: string | null },
): Promise<UserRow> {
  const [existing] = await db.query<{ user_id: string }>('select user_id from auth_identities where provider = $1 and subject = $2', [
    identity.provider,
    identity.subject,
  ])
  if (existing) {
    await db.query('update auth_identities set username = coalesce($3, username), email = coalesce($4, email) where provider = $1 and subject = $2', [
      identity.provider,
      identity.subject,
      identity.username ?? null,
      identity.email ?? null,
    ])
    return (await userById(db, existing.user_id))!
  }
  // Link to an existing account only on an email the provider verified; never on an unverified one.
  const email = identity.email?.trim().toLowerCase() || null
  let user = email && identity.emailVerified ? await userByEmail(db, email) : undefined
  if (!user) {
    const id = randomId()
    const free = email && identity.emailVerified && !(await userByEmail(db, email))
    await db.query('insert into auth_users (id, email) values ($1, $2)', [id, free ? email : null])
    user = (await userById(db, id))!
  }
  await db.query(
    `insert into auth_identities (provider, subject, user_id, email, email_verified, username) values ($1, $2, $3, $4, $5, $6)
     on conflict (provider, subject) do nothing`,
    [identity.provider, identity.subject, user.id, email, identity.emailVerified, identity.username ?? null],
  )
  return user
}

export async function identitiesOf(db: Queryable, userId: string) {
  return db.query<{ provider: string; subject: string; email: string | null; username: string | null }>(
    'select provider, subject, email, username from auth_identities where user_id = $1 order by created_at',
    [userId],
  )
}
