import { describeRequest, detailLines } from './requestInfo.js'
import { AuthError, type Auth } from './state.js'

/**
 * Notice mails: what happened to the wallet and where the request came from. Sent for every
 * release of key material to a new device, for factor changes and for email changes. A notice
 * that cannot be sent stops the operation (nothing is released silently); an account without
 * an email (social-only) cannot be told, which CUSTODY.md says.
 */
export async function sendNotice(
  auth: Auth,
  session: { sessionId: string },
  mail: { to: Array<string | null | undefined>; subject: string; lead: string; footer?: string },
) {
  const to = [...new Set(mail.to.filter((t): t is string => Boolean(t)))]
  if (!to.length) return
  const [row] = await auth.ctx.db.query<{ project_id: string; host_origin: string | null; user_agent: string | null; ip: string | null }>(
    'select project_id, host_origin, user_agent, ip from auth_sessions where id = $1',
    [session.sessionId],
  )
  const [project] = row ? await auth.ctx.db.query<{ name: string }>('select name from projects where project_id = $1', [row.project_id]) : []
  const details = describeRequest({
    hostOrigin: row?.host_origin,
    projectName: project?.name,
    userAgent: row?.user_agent,
    ip: row?.ip,
    at: auth.settings.now(),
  })
  const text = [
    mail.lead,
    '',
    detailLines(details),
    '',
    mail.footer ??
      'If this was not you, sign in on a device you trust and protect your wallet with a passkey or a password (Account → Wallet security); then someone with your mailbox alone cannot open it.',
  ].join('\n')
  try {
    for (const address of to) await auth.mailer.send({ to: address, subject: mail.subject, text })
  } catch (error) {
    auth.ctx.log('notice mail failed', error instanceof Error ? error.message : error)
    throw new AuthError(503, 'The notice mail could not be sent. Please try again')
  }
}
