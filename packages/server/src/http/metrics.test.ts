import { describe, expect, test } from 'vitest'
import { connectRelayClient } from '../relay/testing.js'
import { startTestServer } from '../testing.js'

describe('/metrics (real server)', () => {
  test('a scraper on an allowed address reads latency by route pattern and error counts', async () => {
    const server = await startTestServer({ rpcUrls: {} })
    try {
      await fetch(`${server.url}/health`)
      await fetch(`${server.url}/v1/nothing-here?projectId=portico-dev`)
      const answer = await fetch(`${server.url}/metrics`)
      expect(answer.status).toBe(200)
      const text = await answer.text()
      expect(text).toMatch(/portico_http_request_duration_seconds_count\{method="GET",route="\/health",status_class="2xx"\} 1/)
      expect(text).toMatch(/portico_http_errors_total\{status="4xx"\} 1/)
      expect(text).not.toContain('nothing-here') // route patterns, never raw URLs
      expect(text).toMatch(/portico_relay_connections 0/)
      const relayClient = await connectRelayClient(`${server.url.replace('http', 'ws')}/relay`, {})
      expect(await (await fetch(`${server.url}/metrics`)).text()).toMatch(/portico_relay_connections 1/)
      await relayClient.close()
    } finally {
      await server.close()
    }
  })

  test('an attacker with curl: not from an allowed address, no token (or a wrong one, or a forged X-Forwarded-For) → 404', async () => {
    const server = await startTestServer({ rpcUrls: {}, metrics: { allow: ['10.9.0.0/16'], token: 'scrape-secret-1234' } })
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(404)
      expect((await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '10.9.1.1' } })).status).toBe(404)
      const scraper = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret-1234' } })
      expect(scraper.status).toBe(200)
      expect(await scraper.text()).toContain('portico_http_request_duration_seconds')
    } finally {
      await server.close()
    }
  })
})
