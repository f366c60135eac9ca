/**
 * The Bitcoin test wallet's approval card (shadow root, top-right, one request at a time), test ids
 * bitcoin-test-wallet-dialog / -request / -approve / -reject. textContent only: requests come from the dapp.
 */
import { BITCOIN_TEST_WALLET_ICON, BITCOIN_TEST_WALLET_NAME } from './constants'
import type { BitcoinApprovalRequest } from './types'

const STYLES = `
:host { all: initial; }
.card { position: fixed; top: 16px; right: 16px; z-index: 2147483647; width: 380px; box-sizing: border-box; padding: 16px;
  font: 14px/1.4 system-ui, sans-serif; color: #111827; background: #fff7ed; border: 2px solid #f7931a; border-radius: 12px;
  box-shadow: 0 10px 30px rgba(0,0,0,.25); }
header { display: flex; align-items: center; gap: 8px; }
header img { width: 24px; height: 24px; }
h2 { font-size: 15px; margin: 0; }
.badge { display: inline-block; margin: 8px 0; padding: 2px 8px; border-radius: 6px; background: #b91c1c; color: #fff; font-size: 12px; }
h3 { font-size: 14px; margin: 4px 0 8px; }
dl { margin: 0 0 8px; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; font-size: 12px; }
dt { color: #6b7280; }
dd { margin: 0; font-family: ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; max-height: 140px; overflow: auto; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; padding: 6px 14px; border-radius: 8px; cursor: pointer; border: 1px solid #9ca3af; background: #fff; }
button.approve { background: #15803d; border-color: #15803d; color: #fff; }
`

let queue: Promise<unknown> = Promise.resolve()

export function askInBitcoinDialog(request: BitcoinApprovalRequest): Promise<boolean> {
  const turn = queue.then(() => showDialog(request))
  queue = turn.catch(() => undefined)
  return turn
}

async function showDialog(request: BitcoinApprovalRequest): Promise<boolean> {
  if (!document.body) await new Promise((r) => document.addEventListener('DOMContentLoaded', r, { once: true }))
  const host = document.createElement('div')
  host.setAttribute('data-testid', 'bitcoin-test-wallet-dialog-host')
  const root = host.attachShadow({ mode: 'open' })
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string) => {
    const node = document.createElement(tag)
    if (text !== undefined) node.textContent = text
    if (cls) node.className = cls
    return node
  }
  const style = el('style', STYLES)
  const card = el('div', undefined, 'card')
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-label', BITCOIN_TEST_WALLET_NAME)
  card.setAttribute('data-testid', 'bitcoin-test-wallet-dialog')
  const header = el('header')
  const icon = el('img')
  icon.src = BITCOIN_TEST_WALLET_ICON
  icon.alt = ''
  header.append(icon, el('h2', BITCOIN_TEST_WALLET_NAME))
  const what = el('h3', request.title)
  what.setAttribute('data-testid', 'bitcoin-test-wallet-request')
  const list = el('dl')
  for (const row of [{ label: 'Site', value: request.origin }, ...request.details, { label: 'Account', value: request.account }])
    list.append(el('dt', row.label), el('dd', row.value))
  const approve = el('button', 'Approve', 'approve')
  approve.setAttribute('data-testid', 'bitcoin-test-wallet-approve')
  const reject = el('button', 'Reject')
  reject.setAttribute('data-testid', 'bitcoin-test-wallet-reject')
  const actions = el('div', undefined, 'actions')
  actions.append(reject, approve)
  card.append(header, el('p', 'Development wallet — do not use real funds', 'badge'), what, list, actions)
  root.append(style, card)
  document.body.append(host)
  return new Promise<boolean>((resolve) => {
    const done = (approved: boolean) => {
      host.remove()
      resolve(approved)
    }
    approve.addEventListener('click', () => done(true))
    reject.addEventListener('click', () => done(false))
  })
}
