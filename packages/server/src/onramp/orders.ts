import { primaryRpcUrl } from '../config/rpc.js'
import { randomUUID } from 'node:crypto'
import { familyOfChain } from '../chain/families.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/database.js'
import { USDC_DECIMALS } from './sandbox.js'

export interface OnrampOrder {
  id: string
  projectId: string
  provider: string
  wallet: string
  chain: string
  asset: string
  amount: string
  paymentAmount: string
  paymentCurrency: string
  paymentMethod: string
  status: 'pending' | 'completed' | 'failed'
  txHash: string | null
  error: string | null
  createdAt: string
  updatedAt: string
}

interface Row {
  id: string
  project_id: string
  provider: string
  wallet: string
  chain: string
  asset: string
  amount: string
  payment_amount: string
  payment_currency: string
  payment_method: string
  status: OnrampOrder['status']
  tx_hash: string | null
  error: string | null
  created_at: Date | string
  updated_at: Date | string
}

const toOrder = (r: Row): OnrampOrder => ({
  id: r.id,
  projectId: r.project_id,
  provider: r.provider,
  wallet: r.wallet,
  chain: r.chain,
  asset: r.asset,
  amount: r.amount,
  paymentAmount: r.payment_amount,
  paymentCurrency: r.payment_currency,
  paymentMethod: r.payment_method,
  status: r.status,
  txHash: r.tx_hash,
  error: r.error,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
})

export async function getOrder(db: Queryable, id: string, projectId?: string): Promise<OnrampOrder | undefined> {
  const [row] = await db.query<Row>('select * from onramp_orders where id = $1 and ($2::text is null or project_id = $2)', [id, projectId ?? null])
  return row && toOrder(row)
}

/** Inserts a pending order; undefined when the id exists already (a second submit of the same page). */
export async function createOrder(
  db: Queryable,
  order: Omit<OnrampOrder, 'id' | 'status' | 'txHash' | 'error' | 'createdAt' | 'updatedAt'> & { id?: string },
): Promise<OnrampOrder | undefined> {
  const [row] = await db.query<Row>(
    `insert into onramp_orders (id, project_id, provider, wallet, chain, asset, amount, payment_amount, payment_currency, payment_method, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending') on conflict (id) do nothing returning *`,
    [
      order.id ?? randomUUID(),
      order.projectId,
      order.provider,
      order.wallet,
      order.chain,
      order.asset,
      order.amount,
      order.paymentAmount,
      order.paymentCurrency,
      order.paymentMethod,
    ],
  )
  return row && toOrder(row)
}

async function finishOrder(db: Queryable, id: string, status: 'completed' | 'failed', txHash: string | null, error: string | null) {
  const [row] = await db.query<Row>('update onramp_orders set status = $2, tx_hash = $3, error = $4, updated_at = now() where id = $1 returning *', [
    id,
    status,
    txHash,
    error,
  ])
  return toOrder(row!)
}

/**
 * Completes sandbox orders by minting devnet USDC from the configured minter key. Mints on one
 * chain run one at a time so the minter's nonces never collide.
 */
export function sandboxMinter(ctx: ServerContext) {
  const queues = new Map<string, Promise<unknown>>()
  const serial = <T>(chain: string, fn: () => Promise<T>): Promise<T> => {
    const next = (queues.get(chain) ?? Promise.resolve()).then(fn, fn)
    queues.set(
      chain,
      next.catch(() => undefined),
    )
    return next
  }

  /** The sandbox's USDC mint on a devnet chain, by the chain's family (ChainFamily.onramp.sandbox). */
  async function mint(chain: string, to: string, units: bigint): Promise<string> {
    const settings = ctx.config.sandboxOnramp?.[chain]
    const rpcUrl = primaryRpcUrl(ctx.config, chain)
    const sandbox = familyOfChain(chain)?.onramp.sandbox
    if (!settings || !rpcUrl || !sandbox) throw new Error(`${chain} is not a sandbox devnet chain`)
    return sandbox.mint({ chainId: chain, rpcUrl, usdc: settings.usdc, decimals: USDC_DECIMALS, minterKey: settings.minterPrivateKey, to, units })
  }

  return {
    /** Mints `units` to the order's wallet and records the outcome on the order. */
    async complete(order: OnrampOrder, units: bigint): Promise<OnrampOrder> {
      try {
        const hash = await serial(order.chain, () => mint(order.chain, order.wallet, units))
        // The wallet's cached balance is stale now (its indexer may not have reached the mint yet).
        await ctx.balanceCache?.invalidate(order.chain, [order.wallet])
        return await finishOrder(ctx.db, order.id, 'completed', hash, null)
      } catch (error) {
        const message = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
        ctx.log('sandbox onramp mint failed', order.id, message)
        return finishOrder(ctx.db, order.id, 'failed', null, message.slice(0, 500))
      }
    },
  }
}
