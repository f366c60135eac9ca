import type { OnrampQuote } from './provider.js'
import type { OnrampOrder } from './orders.js'
import { SANDBOX_LABEL } from './sandbox.js'

/** The sandbox onramp's pages: self-contained HTML (inline CSS, no scripts, no external assets). */

export const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#0f1115;color:#e8eaed;display:flex;justify-content:center;padding:32px 16px}
main{width:100%;max-width:440px;background:#1a1d23;border:1px solid #2c313a;border-radius:16px;padding:24px}
.banner{background:#f5b301;color:#1a1200;font-weight:700;border-radius:10px;padding:10px 12px;margin-bottom:18px;text-align:center}
h1{font-size:20px;margin:0 0 4px}p.sub{margin:0 0 18px;color:#9aa0a6}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 18px}dt{color:#9aa0a6}dd{margin:0;text-align:right;word-break:break-all}
label{display:block;color:#9aa0a6;margin:0 0 4px}input,select{width:100%;padding:10px;border-radius:10px;border:1px solid #3a404b;background:#0f1115;color:inherit;font:inherit;margin-bottom:14px}
button{width:100%;padding:12px;border:0;border-radius:12px;background:#3b82f6;color:#fff;font:inherit;font-weight:600;cursor:pointer}button:disabled{background:#3a404b;cursor:not-allowed}
.ok{color:#34d399}.err{color:#f87171}code{font-size:13px;word-break:break-all}
`

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(SANDBOX_LABEL)}</title><style>${STYLE}</style></head>
<body><main><div class="banner" role="note">Sandbox — test purchases only, no real money</div>${body}</main></body></html>`
}

export interface OrderPageInput {
  publicKey: string
  destinationCurrencyCode: string
  walletAddress: string
  externalCustomerId: string
  projectName: string
  orderId: string
  amount: string
  /** The quote of `amount` on the first network, when the amount is valid. */
  quote?: OnrampQuote
  networks: Array<{ caip: string; display_name: string }>
  /** Why the order cannot be completed (e.g. Solana), if so. */
  blocked?: string
}

/** The sandbox sells USDC on every network (on Solana too, where the link's destinationCurrencyCode is SOL per SPEC §7). */
export function orderPage(o: OrderPageInput): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`
  const quote = o.quote
    ? `<dt>Provider fee</dt><dd>${escapeHtml(o.quote.providerFee.amount)} USD</dd>
<dt>Network fee</dt><dd>${escapeHtml(o.quote.networkFee.amount)} USD</dd>
<dt>You receive</dt><dd><strong>${escapeHtml(o.quote.purchaseAmount.amount)} ${escapeHtml(o.quote.purchaseAmount.currency)}</strong></dd>`
    : `<dt>Fees</dt><dd>1.5 % + a network fee</dd>`
  return layout(
    'Buy crypto',
    `<h1>Buy USDC</h1><p class="sub">${escapeHtml(SANDBOX_LABEL)} for ${escapeHtml(o.projectName)}</p>
<dl><dt>Wallet</dt><dd><code>${escapeHtml(o.walletAddress)}</code></dd>
<dt>You pay</dt><dd>${escapeHtml(o.amount)} USD</dd>${quote}</dl>
<form method="post" action="/sandbox/onramp/complete">
${hidden('publicKey', o.publicKey)}${hidden('destinationCurrencyCode', o.destinationCurrencyCode)}${hidden('walletAddress', o.walletAddress)}${hidden('externalCustomerId', o.externalCustomerId)}${hidden('orderId', o.orderId)}
<label for="amount">Amount (USD, 10.00 to 25000.00)</label><input id="amount" name="amount" inputmode="decimal" value="${escapeHtml(o.amount)}" required>
<label for="paymentMethod">Payment method</label><select id="paymentMethod" name="paymentMethod"><option value="card">Card (up to 7500.00)</option><option value="ach_bank_account">Bank account (up to 25000.00)</option></select>
<label for="chainId">Network</label><select id="chainId" name="chainId">${o.networks
      .map((n) => `<option value="${escapeHtml(n.caip)}">${escapeHtml(n.display_name)}</option>`)
      .join('')}</select>
${o.blocked ? `<p class="err">${escapeHtml(o.blocked)}</p>` : ''}
<button type="submit"${o.blocked || o.networks.length === 0 ? ' disabled' : ''}>Complete purchase</button></form>`,
  )
}

export function resultPage(order: OnrampOrder): string {
  const done = order.status === 'completed'
  return layout(
    done ? 'Purchase complete' : 'Purchase failed',
    `<h1 class="${done ? 'ok' : 'err'}">${done ? 'Purchase complete' : 'Purchase failed'}</h1>
<dl><dt>Order</dt><dd><code>${escapeHtml(order.id)}</code></dd><dt>Received</dt><dd>${escapeHtml(order.amount)} ${escapeHtml(order.asset)}</dd>
<dt>Wallet</dt><dd><code>${escapeHtml(order.wallet)}</code></dd><dt>Network</dt><dd>${escapeHtml(order.chain)}</dd>
${order.txHash ? `<dt>Transaction</dt><dd><code data-testid="tx-hash">${escapeHtml(order.txHash)}</code></dd>` : ''}
${order.error ? `<dt>Error</dt><dd class="err">${escapeHtml(order.error)}</dd>` : ''}</dl>
<p class="sub">You can close this window.</p>`,
  )
}

export function errorPage(error: string, description: string): string {
  return layout(error, `<h1 class="err">${escapeHtml(error)}</h1><p>${escapeHtml(description)}</p>`)
}
