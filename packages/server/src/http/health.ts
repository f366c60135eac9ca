import type { Hono } from 'hono'

export interface HealthChecks {
  /** The database answers a query. */
  database(): Promise<unknown>
  /** Redis answers PING (only when configured). */
  redis?: () => Promise<unknown>
  /** True from the moment shutdown starts: balancers stop sending new requests. */
  draining(): boolean
  /** The chain indexer (only when it follows chains): its leadership connection is up. */
  indexer?: () => boolean
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())])

/** `/livez`: the process answers. `/readyz`: it can serve (database, Redis when configured, the indexer when it runs, not shutting down), else 503. */
export function registerHealth(app: Hono<never>, checks: HealthChecks) {
  app.get('/livez', (c) => c.json({ ok: true }))
  app.get('/readyz', async (c) => {
    if (checks.draining()) return c.json({ ok: false, shuttingDown: true }, 503)
    const result: Record<string, boolean> = {}
    const run = async (name: string, check: () => Promise<unknown>) => {
      result[name] = await within(check(), 2000).then(
        () => true,
        () => false,
      )
    }
    const indexer = checks.indexer
    await Promise.all([
      run('database', checks.database),
      ...(checks.redis ? [run('redis', checks.redis)] : []),
      ...(indexer ? [run('indexer', async () => (indexer() ? true : Promise.reject(new Error('indexer lock connection down'))))] : []),
    ])
    const ok = Object.values(result).every(Boolean)
    return c.json({ ok, ...result }, ok ? 200 : 503)
  })
}
