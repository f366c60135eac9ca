import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { StoredMessage } from './store.js'

/**
 * Fan-out of newly stored messages to the other relay instances (each delivers to its own sockets; the
 * instance a message was published on has already delivered it, see RelayTopics.publishLive). In one
 * process there is no other instance. With REDIS_URL: Redis pub/sub on one channel, so a publish on
 * instance A reaches a subscriber connected to instance B. The mailbox (RelayStore) is the source of
 * truth; the bus only makes delivery immediate.
 */
export interface RelayBus {
  /** Tells the other instances. */
  publish(message: StoredMessage): Promise<void>
  /** Messages the other instances published. */
  onMessage(fn: (message: StoredMessage) => void): void
  close(): Promise<void>
}

/** One instance alone: nobody to tell. */
export function localBus(): RelayBus {
  return { publish: async () => undefined, onMessage: () => undefined, close: async () => undefined }
}

export async function redisBus(publisher: Redis, subscriber: Redis, channel: string): Promise<RelayBus> {
  const listeners: Array<(m: StoredMessage) => void> = []
  // Each message names the instance that sent it, which skips its own.
  const origin = randomUUID()
  subscriber.on('message', (ch: string, payload: string) => {
    if (ch !== channel) return
    let envelope: { origin: string; message: StoredMessage }
    try {
      envelope = JSON.parse(payload)
    } catch {
      return
    }
    if (envelope.origin === origin || !envelope.message) return
    for (const fn of listeners) fn(envelope.message)
  })
  await subscriber.subscribe(channel)
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify({ origin, message }))
    },
    onMessage: (fn) => void listeners.push(fn),
    async close() {
      listeners.length = 0
      await subscriber.unsubscribe(channel).catch(() => undefined)
    },
  }
}
