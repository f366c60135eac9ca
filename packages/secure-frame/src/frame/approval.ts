/**
 * The approval screen, drawn by the secure origin itself (the host only shows the frame). The
 * buttons are enabled after a short delay so a click aimed at something the host drew over the
 * frame a moment earlier cannot land on Approve (clickjacking).
 */
export const APPROVAL_DELAY_MS = 800

export interface ApprovalRequest {
  title: string
  dappName: string
  hostOrigin: string
  account: string
  rows: Array<{ label: string; value: string; mono?: boolean }>
  body?: { label: string; text: string }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

export function shortAddress(address: string) {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** Shows the screen; resolves true (approved) or false (rejected); `cancel` removes it. */
export function showApproval(root: HTMLElement, request: ApprovalRequest): { decision: Promise<boolean>; cancel(): void } {
  root.replaceChildren()
  const card = el('section', 'approval')
  card.setAttribute('aria-label', request.title)
  const head = el('header', 'approval-head')
  const badge = el('div', 'approval-badge', request.dappName.slice(0, 1).toUpperCase() || '?')
  const titles = el('div')
  titles.append(el('h1', 'approval-title', request.title), el('p', 'approval-origin', `${request.dappName} · ${request.hostOrigin}`))
  head.append(badge, titles)
  const list = el('dl', 'approval-rows')
  for (const row of [{ label: 'Account', value: shortAddress(request.account), mono: true }, ...request.rows]) {
    const dt = el('dt', undefined, row.label)
    const dd = el('dd', row.mono ? 'mono' : undefined, row.value)
    list.append(dt, dd)
  }
  card.append(head, list)
  if (request.body) {
    card.append(el('p', 'approval-label', request.body.label))
    const pre = el('pre', 'approval-body', request.body.text)
    pre.tabIndex = 0
    card.append(pre)
  }
  const actions = el('div', 'approval-actions')
  const reject = el('button', 'button secondary', 'Reject')
  const approve = el('button', 'button primary', 'Approve')
  reject.type = approve.type = 'button'
  reject.disabled = approve.disabled = true
  reject.dataset.testid = 'frame-reject'
  approve.dataset.testid = 'frame-approve'
  actions.append(reject, approve)
  card.append(actions, el('p', 'approval-foot', 'Secured by Portico · keys stay in this frame'))
  root.append(card)
  document.body.classList.add('showing')

  let settle!: (approved: boolean) => void
  const decision = new Promise<boolean>((resolve) => (settle = resolve))
  let timer = setTimeout(() => (reject.disabled = approve.disabled = false), APPROVAL_DELAY_MS)
  // Hidden and shown again (host re-layout): wait the delay again.
  const onVisibility = () => {
    reject.disabled = approve.disabled = true
    clearTimeout(timer)
    if (document.visibilityState === 'visible') timer = setTimeout(() => (reject.disabled = approve.disabled = false), APPROVAL_DELAY_MS)
  }
  document.addEventListener('visibilitychange', onVisibility)
  const done = (approved: boolean) => {
    clearTimeout(timer)
    document.removeEventListener('visibilitychange', onVisibility)
    root.replaceChildren()
    document.body.classList.remove('showing')
    settle(approved)
  }
  approve.addEventListener('click', (e) => e.isTrusted && done(true))
  reject.addEventListener('click', (e) => e.isTrusted && done(false))
  return { decision, cancel: () => done(false) }
}
