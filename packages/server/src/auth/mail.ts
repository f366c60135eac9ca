import { ErrorText } from '@portico/core/spec'
import nodemailer from 'nodemailer'
import type { ServerConfig } from '../config.js'
import { HttpError } from '../http/errors.js'
import { mailHtml } from './mailHtml.js'

export interface Mail {
  to: string
  subject: string
  /** Plain text; the HTML part is made from it (mailHtml.ts). */
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

const DEFAULT_FROM = 'Portico <no-reply@portico.localhost>'

/**
 * Sends over SMTP: config.smtp (host, port, TLS, user, password, from), else the dev mail
 * catcher's port when one runs. Without either, login mail cannot be sent and the auth routes
 * answer 503. Every mail has a text and an HTML part. A send that fails or takes longer than the
 * timeouts is logged (without the address) and answered 502 with SPEC §8's 'Something went wrong'.
 */
export function createMailer(
  config: Pick<ServerConfig, 'smtp'>,
  devCatcherPort: () => number | undefined,
  log: (message: string, ...args: unknown[]) => void = () => {},
): Mailer {
  const smtp = config.smtp
  const timeoutMs = smtp?.timeoutMs ?? 10_000
  let transport: nodemailer.Transporter | undefined
  const get = () => {
    if (transport) return transport
    const port = devCatcherPort()
    if (smtp)
      transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure ?? smtp.port === 465,
        requireTLS: smtp.requireTls,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
        // Upstream deadlines: a stuck SMTP server fails the send, never hangs a login.
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs * 2,
      })
    else if (port !== undefined)
      transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port,
        secure: false,
        ignoreTLS: true,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs * 2,
      })
    else throw new MailNotConfigured()
    return transport
  }
  return {
    async send(mail) {
      const t = get()
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the SMTP server within ${timeoutMs * 3} ms`)), timeoutMs * 3)
      })
      try {
        await Promise.race([
          t.sendMail({
            from: smtp?.from ?? DEFAULT_FROM,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mailHtml(mail),
            textEncoding: 'quoted-printable',
          }),
          deadline,
        ])
      } catch (error) {
        const reason = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error)
        log('mail send failed', { smtp: smtp ? `${smtp.host}:${smtp.port}` : 'dev mail catcher', reason })
        throw new MailSendFailed(reason)
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

export class MailNotConfigured extends HttpError {
  constructor() {
    super(503, 'Email login is not configured on this server')
  }
}

/** 502: the SMTP server refused, failed or did not answer in time. */
export class MailSendFailed extends HttpError {
  constructor(reason: string) {
    super(502, ErrorText.somethingWentWrong, { details: 'The mail could not be sent. Please try again later', cause: reason })
  }
}
