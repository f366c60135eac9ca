import type { Database, Queryable } from '../db/database.js'

/**
 * Sponsorship budgets (migration 097): wei per day for each user of a project and for the whole project, on
 * each chain (a project pays for its own users), plus the project's signatures per minute on the chain. A sponsorship counts its reserved cost (gas limits at the max fee)
 * from the moment it is signed until the EntryPoint's UserOperationEvent says what it cost (reconcile,
 * called by the indexer); until then it counts its reservation, even once its signature expired. Days are UTC days.
 *
 * Every check and the row it adds run in one transaction that first locks the project's row for the
 * chain, so parallel requests of one project take turns: no two of them can both fit the last wei.
 */
export interface BudgetLimits {
  perUserPerDayWei: bigint
  perProjectPerDayWei: bigint
  /** Signed sponsorships a minute for the whole project (refused requests never count). */
  perProjectPerMinute: number
}

export interface Reservation {
  userOpHash: string
  projectId: string
  caip2: string
  userId: string
  sender: string
  reservedWei: bigint
  validUntil: Date
}

export type ReserveResult = { ok: true } | { ok: false; reason: 'user' | 'project' | 'rate'; remainingWei: bigint }

export interface Remaining {
  userRemainingWei: bigint
  projectRemainingWei: bigint
  /** When the day's budgets start again (the next UTC midnight). */
  resetsAt: Date
}

const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
const nextDay = (now: Date) => new Date(dayStart(now).getTime() + 86_400_000)

/**
 * What a row counts today: its actual cost once the indexer saw it, else its reservation. A signature that
 * expired unseen still counts: the server cannot tell an operation never sent from one its indexer has not
 * read (or does not follow), and counting it as free would let the budget refill itself every validity window.
 */
const COUNTED = 'coalesce(actual_wei, reserved_wei)'

/** Today's spending of the project and of one of its users on a chain, and the project's signatures in the last minute: one query. */
async function spending(db: Queryable, p: { projectId: string; userId: string; caip2: string; now: Date }) {
  const [row] = await db.query<{ user_spent: string; project_spent: string; recent: string }>(
    `select coalesce(sum(case when user_id = $3 then ${COUNTED} end), 0)::text as user_spent,
            coalesce(sum(${COUNTED}), 0)::text as project_spent,
            count(*) filter (where created_at > $5)::text as recent
     from sponsorships where project_id = $1 and caip2 = $2 and created_at >= $4`,
    [p.projectId, p.caip2, p.userId, dayStart(p.now), new Date(p.now.getTime() - 60_000)],
  )
  return { user: BigInt(row?.user_spent ?? '0'), project: BigInt(row?.project_spent ?? '0'), recent: Number(row?.recent ?? 0) }
}

const max0 = (n: bigint) => (n > 0n ? n : 0n)

/** What is left today for a user and their project on a chain. */
export async function remainingBudget(
  db: Database,
  p: { projectId: string; userId: string; caip2: string; limits: BudgetLimits; now: Date },
): Promise<Remaining> {
  const spent = await spending(db, p)
  return {
    userRemainingWei: max0(p.limits.perUserPerDayWei - spent.user),
    projectRemainingWei: max0(p.limits.perProjectPerDayWei - spent.project),
    resetsAt: nextDay(p.now),
  }
}

/** Counts one signature against the budgets, or says which budget or quota it would break. */
export async function reserveSponsorship(db: Database, r: Reservation, p: { limits: BudgetLimits; now: Date }): Promise<ReserveResult> {
  return db.transaction(async (tx) => {
    // The upsert takes the project's row lock for this chain until the transaction ends.
    await tx.query('insert into sponsorship_locks (project_id, caip2) values ($1, $2) on conflict (project_id, caip2) do update set caip2 = excluded.caip2', [
      r.projectId,
      r.caip2,
    ])
    const spent = await spending(tx, { projectId: r.projectId, userId: r.userId, caip2: r.caip2, now: p.now })
    const userLeft = max0(p.limits.perUserPerDayWei - spent.user)
    if (spent.user + r.reservedWei > p.limits.perUserPerDayWei) return { ok: false, reason: 'user', remainingWei: userLeft }
    if (spent.project + r.reservedWei > p.limits.perProjectPerDayWei)
      return { ok: false, reason: 'project', remainingWei: max0(p.limits.perProjectPerDayWei - spent.project) }
    if (spent.recent >= p.limits.perProjectPerMinute) return { ok: false, reason: 'rate', remainingWei: userLeft }
    // The same operation signed again (a retry) replaces its reservation rather than adding one.
    await tx.query(
      `insert into sponsorships (user_op_hash, project_id, caip2, user_id, sender, reserved_wei, valid_until, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (user_op_hash) do update set reserved_wei = excluded.reserved_wei, valid_until = excluded.valid_until`,
      [r.userOpHash, r.projectId, r.caip2, r.userId, r.sender.toLowerCase(), r.reservedWei.toString(), r.validUntil, p.now],
    )
    return { ok: true }
  })
}

/** A UserOperationEvent of a sponsored operation: what it really cost the paymaster. */
export interface SettledOperation {
  userOpHash: string
  actualGasCost: bigint
}

/** Sets the actual cost of the sponsorships these events settle (unknown hashes are someone else's). */
export async function reconcileSponsorships(db: Queryable, caip2: string, settled: readonly SettledOperation[]): Promise<void> {
  for (const s of settled)
    await db.query('update sponsorships set actual_wei = $1 where user_op_hash = $2 and caip2 = $3', [
      s.actualGasCost.toString(),
      s.userOpHash.toLowerCase(),
      caip2,
    ])
}
