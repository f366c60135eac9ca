import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.js'
import { startTestServer } from '../testing.js'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ projects: [DEV_PROJECT], indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 } })
}, 60_000)
afterAll(() => server?.close())

describe("SPEC §7 'Fonts are preloaded from a fonts host': the server serves the brand font", () => {
  test('rule: Inter (variable weight, Latin) is served as WOFF2 to any page, cached, with CORS for FontFace', async () => {
    const res = await fetch(`${server.url}/fonts/inter-latin-wght-normal.woff2`, { headers: { origin: 'https://any-host.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('font/woff2')
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('wOF2')
    expect(bytes.length).toBeGreaterThan(10_000)
  })

  test('attack: only the font files are served — no path out of the folder, no other file of the package', async () => {
    for (const path of [
      '/fonts/..%2Fpackage.json',
      '/fonts/%2e%2e%2f%2e%2e%2fpackage.json',
      '/fonts/../package.json',
      '/fonts/inter-latin-wght-normal.woff2%00.js',
      '/fonts/index.css',
      '/fonts/inter-latin-400-normal.woff',
      '/fonts/',
    ]) {
      const res = await fetch(`${server.url}${path}`)
      // 404; '/fonts/../x' is normalized by the client to '/x', which the project guard refuses (400).
      expect([400, 404], path).toContain(res.status)
      expect(res.headers.get('content-type'), path).not.toBe('font/woff2')
    }
  })
})
