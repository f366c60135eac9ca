import type { App } from '../http/app.js'
import { approveDevice, deviceApprovalDetails } from './deviceApproval.js'
import { esc } from './secureOrigin.js'
import type { Auth } from './state.js'

/** The path of the device approval page that the mail links to (no frame, no device key). */
export const APPROVAL_PAGE_PATH = '/auth/device/approve'

const page = (title: string, inner: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:15px system-ui,sans-serif;background:#f4f4f5;color:#18181b;display:grid;place-items:center;min-height:100vh;margin:0;padding:16px;box-sizing:border-box}main{background:#fff;padding:28px;border-radius:16px;box-shadow:0 8px 30px #0002;max-width:420px;width:100%;box-sizing:border-box}h1{font-size:20px;margin:0 0 8px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:16px 0;font-size:14px}dt{color:#71717a}dd{margin:0;overflow-wrap:anywhere}.code{font:600 22px ui-monospace,monospace;letter-spacing:2px;text-align:center;background:#eef2ff;color:#1e3a8a;border-radius:10px;padding:10px;margin:12px 0}.warn{font-size:13px;color:#52525b}button{margin-top:16px;padding:10px 18px;border:0;border-radius:10px;background:#2563eb;color:#fff;font:inherit;cursor:pointer}</style></head><body><main>${inner}</main></body></html>`

const pageHeaders = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'cache-control': 'no-store',
}

/**
 * The link in the device approval mail: a page that names the request (site, device, browser,
 * place, time) and its match code, with a button (mail scanners that prefetch links must not
 * approve), whose POST approves the device (the waiting sign-in then finishes by itself).
 */
export function registerApprovalPage(app: App, auth: () => Auth) {
  app.get(APPROVAL_PAGE_PATH, async (c) => {
    const token = c.req.query('token') ?? ''
    const details = await deviceApprovalDetails(auth(), token)
    if (!details)
      return c.html(
        page('Link expired', '<h1>This link expired or was used</h1><p>Start the sign-in again on the device you want to use.</p>'),
        400,
        pageHeaders,
      )
    const rows = [
      ['Site', details.site],
      ['Device', details.device],
      ['Browser', details.browser],
      ['Place', details.place],
      ['Time', details.time],
    ]
      .map(([k, v]) => `<dt>${esc(k!)}</dt><dd data-field="${esc(k!.toLowerCase())}">${esc(v!)}</dd>`)
      .join('')
    return c.html(
      page(
        'Approve this device',
        `<h1>Approve a new device?</h1><p>Someone is signing in to your Portico wallet on a new device or site:</p><dl>${rows}</dl>
<p>The sign-in window must show this code:</p><p class="code" data-field="code">${esc(details.matchCode)}</p>
<p class="warn">Approve only if this is you and the codes match. A site that asks you to approve a code it shows may be trying to take your wallet.</p>
<form method="post"><input type="hidden" name="token" value="${esc(token)}"><button type="submit">Approve device</button></form>`,
      ),
      200,
      pageHeaders,
    )
  })
  app.post(APPROVAL_PAGE_PATH, async (c) => {
    const form = await c.req.parseBody()
    const result = await approveDevice(auth(), String(form.token ?? ''))
    if (result !== 'approved') return c.html(page('Link expired', '<h1>This link expired or was used</h1>'), 400, pageHeaders)
    return c.html(page('Device approved', '<h1>Device approved</h1><p>Go back to the site: the sign-in finishes there by itself.</p>'), 200, pageHeaders)
  })
}
