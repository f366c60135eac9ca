import type { PorticoServer } from '../server.js'

/**
 * Test helpers that act like the secure frame would (Origin = the secure origin), plus the dev
 * mail catcher's inbox. Used by the server's auth tests.
 */
export function frameClient(server: PorticoServer, projectId = 'portico-dev') {
  const origin = server.embedded!.secureFrameUrl
  async function call<T = Record<string, unknown>>(path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as T & { error?: string } }
  }
  async function inbox(to: string) {
    const response = await fetch(`${server.url}/dev/mail.json?to=${encodeURIComponent(to)}`)
    return ((await response.json()) as { messages: Array<{ subject: string; text: string; to: string[] }> }).messages
  }
  /** Polls the inbox until `count` mails arrived for `to`; returns the newest. */
  async function latestMail(to: string, count = 1) {
    for (let i = 0; i < 100; i++) {
      const messages = await inbox(to)
      if (messages.length >= count) return messages[0]!
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`no mail for ${to}`)
  }
  const codeIn = (mail: { subject: string }) => /\b(\d{6,8})\b/.exec(mail.subject)![1]!
  const linkIn = (mail: { text: string }) => /(https?:\/\/\S+)/.exec(mail.text)![1]!
  return { origin, call, inbox, latestMail, codeIn, linkIn }
}

export function randomDeviceId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}
