import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'
import type { StoredMessage } from './store.js'

/**
 * Live fan-out of newly stored messages to every relay instance (each delivers to its own sockets).
 * In one process: an in-memory emitter. With REDIS_URL: Redis pub/sub on one channel, so a publish on
 * instance A reaches a subscriber connected to instance B. The mailbox (RelayStore) is the source of
 * truth; the bus only makes delivery immediate.
 */
export interface RelayBus {
  publish(message: StoredMessage): Promise<void>
  onMessage(fn: (message: StoredMessage) => void): void
  close(): Promise<void>
}

export function localBus(): RelayBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    async publish(message) {
      queueMicrotask(() => emitter.emit('message', message))
    },
    onMessage: (fn) => void emitter.on('message', fn),
    async close() {
      emitter.removeAllListeners()
    },
  }
}

export async function redisBus(publisher: Redis, subscriber: Redis, channel: string): Promise<RelayBus> {
  const listeners: Array<(m: StoredMessage) => void> = []
  subscriber.on('message', (ch: string, payload: string) => {
    if (ch !== channel) return
    let message: StoredMessage
    try {
      message = JSON.parse(payload) as StoredMessage
    } catch {
      return
    }
    for (const fn of listeners) fn(message)
  })
  await subscriber.subscribe(channel)
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message))
    },
    onMessage: (fn) => void listeners.push(fn),
    async close() {
      listeners.length = 0
      await subscriber.unsubscribe(channel).catch(() => undefined)
    },
  }
}
