import { SMTPServer } from 'smtp-server'

/** A message the dev mail catcher received. */
export interface CaughtMail {
  id: number
  from: string
  to: string[]
  subject: string
  text: string
  /** The HTML part, when the mail has one. */
  html?: string
  receivedAt: string
}

export interface MailCatcher {
  port: number
  messages(filter?: { to?: string }): CaughtMail[]
  close(): Promise<void>
}

/**
 * DEV ONLY: a local SMTP server on 127.0.0.1 that keeps every message in memory (newest first,
 * at most 500) instead of delivering it. Its inbox is served at /dev/mail with devRoutes.
 */
export async function startMailCatcher({ port = 0 }: { port?: number } = {}): Promise<MailCatcher> {
  const inbox: CaughtMail[] = []
  let nextId = 1
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Portico dev mail catcher',
    size: 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const parsed = parseMessage(Buffer.concat(chunks).toString('utf8'))
        inbox.unshift({
          id: nextId++,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject,
          text: parsed.text,
          ...(parsed.html ? { html: parsed.html } : {}),
          receivedAt: new Date().toISOString(),
        })
        if (inbox.length > 500) inbox.pop()
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = (server as unknown as { server: import('node:net').Server }).server.address() as { port: number }
  return {
    port: address.port,
    messages: ({ to } = {}) => (to ? inbox.filter((m) => m.to.includes(to.trim().toLowerCase())) : [...inbox]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Just enough MIME for what our mailer sends: headers, one text part, 7bit/quoted-printable/base64. */
export function parseMessage(raw: string): { subject: string; text: string; html?: string } {
  const split = raw.search(/\r?\n\r?\n/)
  const head = split < 0 ? raw : raw.slice(0, split)
  let body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim())
  }
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.startsWith('multipart/') && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parseMessage(p.replace(/^\r?\n/, '')))
    const text = parts.find((p) => p.text && !p.html)
    const html = parts.find((p) => p.html)?.html
    return { subject: decodeHeader(headers.get('subject') ?? ''), text: text?.text ?? '', ...(html ? { html } : {}) }
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable')
    body = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8')
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  const decoded = body.replace(/\r\n/g, '\n').trim()
  if (type.startsWith('text/html')) return { subject: decodeHeader(headers.get('subject') ?? ''), text: '', html: decoded }
  return { subject: decodeHeader(headers.get('subject') ?? ''), text: decoded }
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
}
