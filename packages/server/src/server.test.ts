import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing.js'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { perIpPerMinute: 1000, perProjectPerMinute: 1000 } })
})
afterAll(() => server?.close())

describe('server foundation', () => {
  test('health and OpenAPI need no project', async () => {
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ ok: true })
    const doc = await (await fetch(`${server.url}/openapi.json`)).json()
    expect(doc.openapi).toBe('3.1.0')
  })

  test('error: an API call without projectId is 400, an unknown project 403', async () => {
    const missing = await fetch(`${server.url}/v1/anything`)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'Project ID Missing' })
    const unknown = await fetch(`${server.url}/v1/anything?projectId=nope`)
    expect(unknown.status).toBe(403)
  })

  test('unknown paths of a known project are a JSON 404', async () => {
    const res = await fetch(`${server.url}/v1/anything?projectId=portico-dev`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not Found' })
  })

  test('migrations ran on the database', async () => {
    const rows = await server.db.query<{ name: string }>('select name from portico_migrations order by name')
    expect(rows[0]?.name).toBe('001_projects.sql')
  })
})

describe('rate limits', () => {
  test('per IP: 429 past the limit', async () => {
    const limited = await startTestServer({ rateLimits: { perIpPerMinute: 3, perProjectPerMinute: 100 } })
    try {
      const statuses = []
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.url}/health`)).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    } finally {
      await limited.close()
    }
  })
})
