import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { providerJson, ProviderCallError, TokenResponse } from './socialHttp.js'

/** What the server accepts from a provider's endpoint: its documented shape in time, nothing else. */
let server: Server
let url: string
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/'
    if (path === '/hang') return // never answers
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(body)
    }
    if (path === '/ok') return send(200, JSON.stringify({ access_token: 'at', token_type: 'bearer' }))
    if (path === '/github-error') return send(200, JSON.stringify({ error: 'bad_verification_code', error_description: 'The code is incorrect or expired.' }))
    if (path === '/html') return send(502, '<html>bad gateway</html>')
    if (path === '/no-token') return send(200, JSON.stringify({ token_type: 'bearer' }))
    if (path === '/redirect') {
      res.writeHead(302, { location: '/ok' })
      return res.end()
    }
    send(401, JSON.stringify({ error: { message: 'Invalid OAuth access token.' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
)

describe('providerJson', () => {
  it('answers the documented shape', async () => {
    expect(await providerJson(TokenResponse, `${url}/ok`, { what: 'token endpoint' })).toMatchObject({ access_token: 'at' })
  })

  it('ends a call the provider does not answer at the timeout (no hang)', async () => {
    const started = Date.now()
    await expect(providerJson(TokenResponse, `${url}/hang`, { what: 'token endpoint', timeoutMs: 300 })).rejects.toThrow(ProviderCallError)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('refuses an error in a 200 (GitHub), a Graph error object, a non-JSON page, a body without the token, a redirect', async () => {
    await expect(providerJson(TokenResponse, `${url}/github-error`, { what: 'token endpoint' })).rejects.toThrow(
      'token endpoint: HTTP 200 bad_verification_code',
    )
    await expect(providerJson(TokenResponse, `${url}/graph-error`, { what: 'GET /me' })).rejects.toThrow('GET /me: HTTP 401 Invalid OAuth access token.')
    await expect(providerJson(TokenResponse, `${url}/html`, { what: 'token endpoint' })).rejects.toThrow('HTTP 502, not JSON')
    await expect(providerJson(TokenResponse, `${url}/no-token`, { what: 'token endpoint' })).rejects.toThrow('unexpected answer (access_token)')
    await expect(providerJson(TokenResponse, `${url}/redirect`, { what: 'token endpoint' })).rejects.toThrow(ProviderCallError)
  })
})
