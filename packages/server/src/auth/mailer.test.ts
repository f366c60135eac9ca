import { createServer, type Server, type Socket } from 'node:net'
import { Writable } from 'node:stream'
import { ErrorText } from '@portico/core/spec'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMailCatcher, type MailCatcher } from '../dev/mailCatcher.js'
import { startTestServer } from '../testing.js'
import { frameClient, randomDeviceId } from './testing.js'
import { mailHtml } from './mailHtml.js'

/**
 * The mailer against real SMTP servers: the dev mail catcher reached through config.smtp (as a
 * production server reaches its provider), a port that refuses connections, and one that accepts
 * and never greets. A failed send is logged and answered with SPEC §8's 'Something went wrong',
 * in bounded time.
 */
type TestServer = Awaited<ReturnType<typeof startTestServer>>
const lines: string[] = []
const logDestination = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(String(chunk))
    callback()
  },
})

const serverWithSmtp = (port: number, timeoutMs = 10_000) =>
  startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: undefined,
    rpcUrls: {},
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    smtp: { host: '127.0.0.1', port, requireTls: false, from: 'Example Shop <no-reply@shop.example>', timeoutMs },
    logDestination,
  })

describe('SMTP from configuration', () => {
  let catcher: MailCatcher
  let server: TestServer
  beforeAll(async () => {
    catcher = await startMailCatcher()
    server = await serverWithSmtp(catcher.port)
  })
  afterAll(async () => {
    await server?.close()
    await catcher?.close()
  })

  test('a login code goes out as a text and an HTML part, from the configured sender', async () => {
    const email = `smtp-${crypto.randomUUID().slice(0, 8)}@example.com`
    const answer = await frameClient(server).call('/auth/email/start', { email, deviceId: randomDeviceId() })
    expect(answer.status).toBe(200)
    const [mail] = catcher.messages({ to: email })
    expect(mail?.from).toBe('no-reply@shop.example')
    const code = /\b(\d{6})\b/.exec(mail!.subject)![1]!
    expect(mail!.text).toContain(`is ${code}.`)
    expect(mail!.html).toContain(`<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`)
    expect(mail!.html).toMatch(/^<!doctype html>/)
  })
})

describe('a failing SMTP server fails the send, never hangs it', () => {
  let refusing: Server
  let hanging: Server
  const sockets: Socket[] = []
  beforeAll(async () => {
    // A free port nothing listens on: bind, read the port, close.
    refusing = createServer()
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r))
    // Accepts the connection and never sends the SMTP greeting.
    hanging = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r))
  })
  afterAll(async () => {
    for (const s of sockets) s.destroy()
    await new Promise((r) => hanging.close(r))
  })

  test('a refused connection: 502 with SPEC text, logged without the address', async () => {
    const port = (refusing.address() as { port: number }).port
    await new Promise((r) => refusing.close(r))
    const server = await serverWithSmtp(port)
    try {
      const email = `refused-${crypto.randomUUID().slice(0, 8)}@example.com`
      const answer = await frameClient(server).call('/auth/email/start', { email, deviceId: randomDeviceId() })
      expect(answer.status).toBe(502)
      expect(answer.body).toMatchObject({ error: ErrorText.somethingWentWrong })
      const logged = lines.find((l) => l.includes('mail send failed') && l.includes('ECONNREFUSED'))
      expect(logged).toBeDefined()
      expect(logged).not.toContain(email)
    } finally {
      await server.close()
    }
  })

  test('a server that never greets: 502 within the configured timeout', async () => {
    const server = await serverWithSmtp((hanging.address() as { port: number }).port, 300)
    try {
      const started = Date.now()
      const answer = await frameClient(server).call('/auth/email/start', { email: 'hang@example.com', deviceId: randomDeviceId() })
      const ms = Date.now() - started
      expect(answer.status).toBe(502)
      expect(answer.body).toMatchObject({ error: ErrorText.somethingWentWrong })
      expect(ms).toBeLessThan(5_000)
      console.log(`[mail] a silent SMTP server failed the send after ${ms} ms (timeoutMs 300)`)
    } finally {
      await server.close()
    }
  })
})

test('HTML part: a link on its own line becomes a button, text is escaped', () => {
  const html = mailHtml({
    subject: 'Approve <a device>',
    text: 'Someone <b>new</b> signs in:\n\nhttps://api.example/auth/device/approve?token=a&b=1\n\nMatch code 123456.',
  })
  expect(html).toContain('<title>Approve &#60;a device&#62;</title>')
  expect(html).toContain('Someone &#60;b&#62;new&#60;/b&#62; signs in:')
  expect(html).toContain('<a href="https://api.example/auth/device/approve?token=a&#38;b=1"')
  expect(html).toContain('>Open the link</a>')
})
