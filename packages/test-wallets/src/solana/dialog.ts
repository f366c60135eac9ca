/**
 * The Solana test wallet's approval dialog: the EVM test wallet's card (shadow root, top-right,
 * one request at a time) in the Solana wallet's colours, with its own test ids
 * (solana-test-wallet-dialog / -request / -approve / -reject).
 */
import { SOLANA_TEST_WALLET_ICON, SOLANA_TEST_WALLET_NAME } from './constants'
import type { SolanaApprovalRequest } from './types'

const STYLES = `
:host { all: initial; }
.card {
  position: fixed; top: 16px; right: 16px; z-index: 2147483647;
  width: 360px; box-sizing: border-box; padding: 16px;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827;
  background: #f5f3ff; border: 2px solid #7c3aed; border-radius: 12px;
  box-shadow: 0 10px 30px rgba(0,0,0,.25);
}
header { display: flex; align-items: center; gap: 8px; }
header img { width: 24px; height: 24px; }
h2 { font-size: 15px; margin: 0; font-weight: 700; }
.badge {
  display: inline-block; margin: 8px 0; padding: 2px 8px; border-radius: 6px;
  background: #b91c1c; color: #fff; font-size: 12px; font-weight: 600;
}
h3 { font-size: 14px; margin: 4px 0 8px; word-break: break-word; }
dl { margin: 0 0 8px; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; font-size: 12px; }
dt { color: #6b7280; }
dd { margin: 0; font-family: ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; max-height: 140px; overflow: auto; }
.queue { font-size: 12px; color: #6b7280; margin: 0 0 8px; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; padding: 6px 14px; border-radius: 8px; cursor: pointer; border: 1px solid #9ca3af; background: #fff; color: #111827; }
button.approve { background: #15803d; border-color: #15803d; color: #fff; }
button:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
`

let queue: Promise<unknown> = Promise.resolve()
let waiting = 0

/** Shows the request once earlier ones are answered; resolves true on Approve. */
export function askInSolanaDialog(request: SolanaApprovalRequest): Promise<boolean> {
  waiting++
  const turn = queue.then(() => {
    waiting--
    return showDialog(request)
  })
  queue = turn.catch(() => undefined)
  return turn
}

async function showDialog(request: SolanaApprovalRequest): Promise<boolean> {
  if (!document.body) await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }))
  const host = document.createElement('div')
  host.id = 'portico-solana-test-wallet'
  host.setAttribute('data-testid', 'solana-test-wallet-dialog-host')
  const root = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = STYLES
  root.append(style, buildCard(request))
  document.body.append(host)

  return new Promise<boolean>((resolve) => {
    const done = (approved: boolean) => {
      host.remove()
      resolve(approved)
    }
    root.querySelector('[data-testid="solana-test-wallet-approve"]')!.addEventListener('click', () => done(true))
    root.querySelector('[data-testid="solana-test-wallet-reject"]')!.addEventListener('click', () => done(false))
  })
}

/** textContent only: messages and addresses come from the dapp and must never be parsed as HTML. */
function buildCard(request: SolanaApprovalRequest): HTMLElement {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string) => {
    const node = document.createElement(tag)
    if (text !== undefined) node.textContent = text
    if (cls) node.className = cls
    return node
  }
  // Not aria-modal and no autofocus: the dapp's own modal keeps its focus trap.
  const card = el('div', undefined, 'card')
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-labelledby', 'pstw-title')
  card.setAttribute('data-testid', 'solana-test-wallet-dialog')

  const header = el('header')
  const icon = el('img')
  icon.src = SOLANA_TEST_WALLET_ICON
  icon.alt = ''
  const title = el('h2', SOLANA_TEST_WALLET_NAME)
  title.id = 'pstw-title'
  header.append(icon, title)

  const badge = el('p', 'Development wallet — do not use real funds', 'badge')
  const what = el('h3', request.title)
  what.setAttribute('data-testid', 'solana-test-wallet-request')

  const list = el('dl')
  const rows = [
    { label: 'Site', value: request.origin },
    ...request.details,
    { label: 'Account', value: request.account },
    { label: 'Network', value: request.chain },
  ]
  for (const row of rows) list.append(el('dt', row.label), el('dd', row.value))

  const approve = el('button', 'Approve', 'approve')
  approve.type = 'button'
  approve.setAttribute('data-testid', 'solana-test-wallet-approve')
  const reject = el('button', 'Reject', 'reject')
  reject.type = 'button'
  reject.setAttribute('data-testid', 'solana-test-wallet-reject')
  const actions = el('div', undefined, 'actions')
  actions.append(reject, approve)

  card.append(header, badge, what, list)
  if (waiting > 0) card.append(el('p', `${waiting} more request(s) waiting`, 'queue'))
  card.append(actions)
  return card
}
