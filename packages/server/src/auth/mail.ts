import nodemailer from 'nodemailer'
import type { ServerConfig } from '../config.js'
import { HttpError } from '../http/errors.js'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Sends over SMTP: config.mail.smtp, else the dev mail catcher's port when one runs. Without
 * either, login mail cannot be sent and the auth routes answer 503.
 */
export function createMailer(config: ServerConfig, devCatcherPort: () => number | undefined): Mailer {
  const from = config.mail?.from ?? 'Portico <no-reply@portico.localhost>'
  let transport: nodemailer.Transporter | undefined
  const get = () => {
    if (transport) return transport
    const smtp = config.mail?.smtp
    const port = devCatcherPort()
    if (smtp)
      transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure ?? false,
        auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
        // Upstream deadlines: a stuck SMTP server fails the send, never hangs a login.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    else if (port !== undefined)
      transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
    else throw new MailNotConfigured()
    return transport
  }
  return {
    async send(mail) {
      await get().sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, textEncoding: 'quoted-printable' })
    },
  }
}

export class MailNotConfigured extends HttpError {
  constructor() {
    super(503, 'Email login is not configured on this server')
  }
}
