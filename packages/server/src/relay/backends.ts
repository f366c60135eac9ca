import { Redis } from 'ioredis'
import type { ServerContext } from '../context.js'
import { localBus, redisBus, type RelayBus } from './bus.js'
import type { RelayOptions } from './options.js'
import { sqlRelayStore } from './sqlStore.js'
import { redisRelayStore, type RelayStore } from './store.js'

export interface RelayBackends {
  /** The mailbox: messages and subscriptions. */
  store: RelayStore
  /** Live fan-out of new messages to every instance. */
  bus: RelayBus
  close(): Promise<void>
}

/** Redis for the mailbox and the fan-out when ctx.config.redisUrl is set; else the database and an in-process bus. */
export async function openRelayBackends(ctx: ServerContext, opts: Pick<RelayOptions, 'redisPrefix'>): Promise<RelayBackends> {
  if (!ctx.config.redisUrl) {
    const bus = localBus()
    return { store: sqlRelayStore(ctx.db), bus, close: () => bus.close() }
  }
  const redis = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 3, enableOfflineQueue: true })
  const subscriber = redis.duplicate()
  redis.on('error', (e) => ctx.log('relay redis:', e.message))
  subscriber.on('error', (e) => ctx.log('relay redis subscriber:', e.message))
  const bus = await redisBus(redis, subscriber, `${opts.redisPrefix}bus`)
  return {
    store: redisRelayStore(redis, opts.redisPrefix),
    bus,
    async close() {
      await bus.close()
      await Promise.all([redis, subscriber].map((r) => r.quit().catch(() => r.disconnect())))
    },
  }
}
