import { z } from 'zod'
import { port, positiveInt, secret } from './fields.js'

/** Outgoing mail: login codes and device approval links. */
export const smtpShape = {
  smtp: z
    .strictObject({
      host: z.string().min(1, { error: 'expected a host name' }).describe('SMTP server host.'),
      port: port().default(587).describe('SMTP port (587 submission with STARTTLS, 465 implicit TLS).'),
      secure: z.boolean().optional().describe('Implicit TLS from the first byte; default: true on port 465, else STARTTLS when offered.'),
      requireTls: z.boolean().default(false).describe('Refuse to send unless STARTTLS succeeds.'),
      user: secret(z.string().min(1).optional()).describe('SMTP user name.'),
      password: secret(z.string().min(1).optional()).describe('SMTP password.'),
      from: z.string().min(3).default('Portico <no-reply@portico.localhost>').describe('The From header of every mail.'),
      timeoutMs: positiveInt().default(10_000).describe('Connection and greeting timeout (ms); the socket idles at most twice this.'),
    })
    .optional()
    .describe(
      'Outgoing mail over SMTP. Required outside --dev when the embedded wallet (secureFrame) is on. Env PORTICO_SMTP=host:port is a shorthand; flag --smtp host:port.',
    ),
  devMailCatcher: z
    .strictObject({ port: port(0) })
    .optional()
    .describe('Development only (--dev): a local SMTP mail catcher, inbox at /dev/mail. port 0 picks a free port.'),
}
