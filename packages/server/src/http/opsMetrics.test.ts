import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { connectRelayClient } from '../relay/testing.js'
import { startTestServer } from '../testing.js'

/** The operations metrics of a real server: relay messages (published, fanned out), and the DB pool on PostgreSQL. */
test('/metrics counts relay messages and shows the database pool', async () => {
  const server = await startTestServer({ rpcUrls: {} })
  const relayUrl = `${server.url.replace(/^http/, 'ws')}/relay`
  const [publisher, subscriber] = await Promise.all([connectRelayClient(relayUrl), connectRelayClient(relayUrl)])
  try {
    const topic = randomBytes(32).toString('hex')
    await subscriber.request('irn_subscribe', { topic })
    expect(await publisher.request('irn_publish', { topic, message: 'counted', ttl: 300, tag: 1100 })).toBe(true)
    await subscriber.waitFor(() => subscriber.received.find((m) => m.params.data.topic === topic))

    const text = await (await fetch(`${server.url}/metrics`)).text()
    expect(text).toMatch(/^portico_relay_messages_total\{kind="published"\} 1$/m)
    expect(text).toMatch(/^portico_relay_messages_total\{kind="fanned_out"\} 1$/m)
    expect(text).toMatch(/^portico_relay_connections 2$/m)
    if (server.db.kind === 'postgres') {
      expect(text).toMatch(/^portico_db_pool_connections\{state="total"\} [1-9]\d*$/m)
      expect(text).toMatch(/^portico_db_pool_connections\{state="waiting"\} 0$/m)
    } else expect(text).not.toContain('portico_db_pool_connections{')
  } finally {
    await Promise.all([publisher.close(), subscriber.close()])
    await server.close()
  }
})
