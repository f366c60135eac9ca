import type { App } from '../http/app.js'
import type { ServerContext } from '../context.js'
import { approveFarcasterStandIn } from '../auth/farcaster.js'
import { esc } from '../auth/secureOrigin.js'
import type { Auth } from '../auth/state.js'

/**
 * DEV ONLY (config.devRoutes): the mail catcher's inbox and the Farcaster relay STAND-IN.
 *   GET  /dev/mail                 inbox as HTML (newest first), ?to= filters
 *   GET  /dev/mail.json?to=…       { messages: [{ id, from, to, subject, text, receivedAt }] }
 *   GET  /dev/farcaster/channel/:t the stand-in's page for a channel (what the QR code opens)
 *   POST /dev/farcaster/approve    { channelToken, fid?, username? } approves a channel, as the Farcaster app would
 */
export function registerDevAuthRoutes(app: App, _ctx: ServerContext, auth: () => Auth) {
  const messages = (to?: string) => auth().mailCatcher?.messages({ to }) ?? []

  app.get('/dev/mail.json', (c) => c.json({ messages: messages(c.req.query('to') || undefined) }))
  app.get('/dev/mail', (c) => {
    const to = c.req.query('to') || undefined
    const list = messages(to)
    const rows = list
      .map(
        (m) =>
          `<article><header><strong>${esc(m.subject)}</strong><span>${esc(m.to.join(', '))} · ${esc(m.receivedAt)}</span></header><pre>${esc(m.text).replace(
            /(https?:\/\/[^\s<]+)/g,
            (url) => `<a href="${url}">${url}</a>`,
          )}</pre></article>`,
      )
      .join('')
    const note = auth().mailCatcher ? '' : '<p><em>No mail catcher runs (config.devMailCatcher).</em></p>'
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mail</title><meta http-equiv="refresh" content="5">
<style>body{font:14px system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#18181b}article{border:1px solid #e4e4e7;border-radius:12px;padding:12px 16px;margin:12px 0}header{display:flex;justify-content:space-between;gap:12px}header span{color:#71717a;font-size:12px}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Dev mail catcher${to ? ` — ${esc(to)}` : ''}</h1><p>Mail the local server sent (development only; nothing is delivered). Refreshes every 5 s.</p>${note}${rows || '<p>No mail yet.</p>'}</body></html>`,
      200,
      { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
    )
  })

  app.get('/dev/farcaster/channel/:token', (c) => {
    const token = c.req.param('token')
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Farcaster stand-in</title>
<style>body{font:15px system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f5f3ff}form{background:#fff;padding:24px;border-radius:16px;display:grid;gap:10px;width:300px}button{padding:10px;border:0;border-radius:10px;background:#7c3aed;color:#fff;font:inherit}</style></head>
<body><form method="post" action="/dev/farcaster/approve"><h1>Farcaster relay stand-in</h1><p>Development only: approving here is what the Farcaster app would do after you sign. Nothing is verified.</p>
<input type="hidden" name="channelToken" value="${esc(token)}"><label>Username <input name="username" value="dev-fid"></label><label>FID <input name="fid" value="1000"></label><button type="submit">Approve sign-in</button></form></body></html>`,
      200,
      { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'" },
    )
  })
  app.post('/dev/farcaster/approve', async (c) => {
    const type = c.req.header('content-type') ?? ''
    const body = (type.includes('json') ? await c.req.json() : await c.req.parseBody()) as Record<string, unknown>
    const channelToken = String(body.channelToken ?? '')
    const fid = String(body.fid ?? '1000').slice(0, 20)
    const username = String(body.username ?? `fid-${fid}`).slice(0, 64)
    const ok = await approveFarcasterStandIn(auth(), { channelToken, fid, username })
    if (type.includes('json')) return c.json(ok ? { approved: true } : { error: 'Unknown or expired channel' }, ok ? 200 : 404)
    return c.html(ok ? '<p>Approved (stand-in). Go back to the site.</p>' : '<p>Unknown or expired channel.</p>', ok ? 200 : 404)
  })
}
