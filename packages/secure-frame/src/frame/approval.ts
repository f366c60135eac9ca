import { APPROVAL_DELAY_MS, guardButton } from './approvalGuard.js'
import { codePointLabel, hiddenMarker, hiddenWarning, revealHidden, splitHidden } from './approvalText.js'
import { t } from './i18n/index.js'

/**
 * The approval screen, drawn by the secure origin itself (the host only shows the frame). What
 * decides safety is on it (network, contract, decoded call, typed-data domain, warnings), every
 * string with its hidden characters made visible (approvalText.ts), and Approve counts only once
 * the screen has been visibly in place for a while (approvalGuard.ts).
 */
export { APPROVAL_DELAY_MS }

export interface ApprovalRow {
  label: string
  value: string
  /** Addresses, hashes, hex: monospace, on a line of their own. */
  mono?: boolean
  /** Which row it is, for code that moves rows between screens (their labels are in the user's language). */
  key?: 'network' | 'maxFee'
}

export interface ApprovalSection {
  title: string
  rows: ApprovalRow[]
}

export interface ApprovalWarning {
  /** danger: can cost the user their funds (unlimited approval, permit…); caution: look twice. */
  level: 'danger' | 'caution'
  text: string
}

/** What a request shows: built by its family's handlers (rpc/<namespace>.ts, with approvalContent.ts) for each method. */
export interface ApprovalContent {
  title: string
  rows: ApprovalRow[]
  sections?: ApprovalSection[]
  warnings?: ApprovalWarning[]
  body?: { label: string; text: string }
  /** Only to be seen (wallet_showCallsStatus): one Close button, nothing is decided. */
  acknowledge?: boolean
  /** The account that acts, where it is not the EOA (the smart account). */
  account?: string
}

export interface ApprovalRequest extends ApprovalContent {
  dappName: string
  hostOrigin: string
  account: string
}

/** Latin and digits with what joins them: an address '0x1111…0582', an amount '0.5 ETH (2 gwei)', a name. */
const LTR_RUN = /[0-9A-Za-z][0-9A-Za-z.,…:_\-/ ()^−·+]*[0-9A-Za-z)]|[0-9A-Za-z]/g

/**
 * Text nodes of a plain run. Right to left (Arabic), each Latin/number run is isolated left to right
 * (<bdi dir="ltr">, an element: the text itself gets no control character), so that '0x1111…0582' or
 * '0.000052363671017228 ETH' keeps its order inside Arabic text and across a line break, never read as
 * '0582…0x1111'.
 */
function leftToRight(text: string): Node[] {
  if (document.documentElement.dir !== 'rtl') return [document.createTextNode(text)]
  const nodes: Node[] = []
  let last = 0
  for (const match of text.matchAll(LTR_RUN)) {
    let run = match[0]
    // '(0x1111…0582)': the closing bracket stays with the opening one, outside.
    while (run.endsWith(')') && run.split('(').length < run.split(')').length) run = run.slice(0, -1)
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)))
    const isolated = document.createElement('bdi')
    isolated.dir = 'ltr'
    isolated.textContent = run
    nodes.push(isolated)
    last = match.index + run.length
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)))
  return nodes
}

/** What a screen's strings go through: hidden characters are drawn as marked ⟦U+…⟧ and counted. */
class Shown {
  readonly found: number[] = []

  private note(codePoint: number) {
    if (!this.found.includes(codePoint)) this.found.push(codePoint)
  }

  /** For attributes: the string with markers. */
  string(value: string) {
    const revealed = revealHidden(value)
    for (const codePoint of revealed.found) this.note(codePoint)
    return revealed.text
  }

  /** For the page: text nodes, with each hidden character as a <mark>. */
  nodes(value: string): Node[] {
    return splitHidden(value).flatMap((part) => {
      if (typeof part === 'string') return leftToRight(part)
      this.note(part)
      const mark = document.createElement('mark')
      mark.className = 'hidden-char'
      mark.title = t('approval.hiddenChar', { code: codePointLabel(part) })
      mark.textContent = hiddenMarker(part)
      return [mark]
    })
  }

  el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag)
    if (className) node.className = className
    if (text !== undefined) node.append(...this.nodes(text))
    return node
  }
}

export function shortAddress(address: string) {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** The first letter or digit of the dapp's name, for its badge. */
function initial(name: string) {
  const first = /[\p{L}\p{N}]/u.exec(name)?.[0]
  return first ? first.toUpperCase() : '?'
}

function rowList(rows: ApprovalRow[], shown: Shown) {
  const list = shown.el('dl', 'approval-rows')
  for (const row of rows) {
    const item = shown.el('div', row.mono ? 'approval-row wide' : 'approval-row')
    item.append(shown.el('dt', undefined, row.label), shown.el('dd', row.mono ? 'mono' : undefined, row.value))
    list.append(item)
  }
  return list
}

/** Shows the screen; resolves true (approved) or false (rejected); `cancel` removes it. */
export function showApproval(root: HTMLElement, request: ApprovalRequest): { decision: Promise<boolean>; cancel(): void } {
  // Every string goes through `shown`: hidden characters become visible markers, and are counted.
  const shown = new Shown()
  const el = shown.el.bind(shown)

  root.replaceChildren()
  const card = el('section', 'approval')
  card.setAttribute('aria-label', shown.string(request.title))
  const head = el('header', 'approval-head')
  const titles = el('div')
  const origin = el('p', 'approval-origin')
  origin.append(el('span', 'approval-dapp', request.dappName), el('span', 'approval-host mono', request.hostOrigin))
  titles.append(el('h1', 'approval-title', request.title), origin)
  head.append(el('div', 'approval-badge', initial(request.dappName)), titles)

  const details = el('div', 'approval-details')
  details.append(rowList([{ label: t('approval.account'), value: shortAddress(request.account) }, ...request.rows], shown))
  for (const section of request.sections ?? []) {
    if (section.rows.length === 0) continue
    details.append(el('h2', 'approval-section', section.title), rowList(section.rows, shown))
  }
  if (request.body) {
    details.append(el('p', 'approval-label', request.body.label))
    const pre = el('pre', 'approval-body', request.body.text)
    pre.tabIndex = 0
    details.append(pre)
  }

  const warningList = el('div', 'approval-warnings')
  for (const warning of request.warnings ?? []) {
    const item = el('p', `approval-warning ${warning.level}`, warning.text)
    item.setAttribute('role', 'alert')
    item.dataset.testid = `frame-warning-${warning.level}`
    warningList.append(item)
  }
  // Last, once every string of the screen went through `shown`; it goes first on the screen.
  if (shown.found.length > 0) {
    const item = el('p', 'approval-warning danger', hiddenWarning(shown.found))
    item.setAttribute('role', 'alert')
    item.dataset.testid = 'frame-warning-hidden'
    warningList.prepend(item)
  }

  const actions = el('div', 'approval-actions')
  const reject = el('button', 'button secondary', t('approval.reject'))
  const approve = el('button', 'button primary', t('approval.approve'))
  reject.type = approve.type = 'button'
  reject.disabled = approve.disabled = true
  reject.dataset.testid = 'frame-reject'
  approve.dataset.testid = 'frame-approve'
  if (request.acknowledge) approve.textContent = t('approval.close')
  actions.append(...(request.acknowledge ? [approve] : [reject, approve]))
  const foot = el('p', 'approval-foot', t('approval.foot'))

  card.append(head, ...(warningList.childElementCount ? [warningList] : []), details, actions, foot)
  root.append(card)
  document.body.classList.add('showing')

  // Approve counts only when the guard says so; Reject is enabled with it, and any click on it counts.
  const guard = guardButton(approve, card, { alongside: [reject] })
  let settle!: (approved: boolean) => void
  const decision = new Promise<boolean>((resolve) => (settle = resolve))
  let settled = false
  const done = (approved: boolean) => {
    if (settled) return
    settled = true
    guard.stop()
    root.replaceChildren()
    document.body.classList.remove('showing')
    settle(approved)
  }
  approve.addEventListener('click', (event) => guard.accepts(event) && done(true))
  reject.addEventListener('click', (event) => event.isTrusted && done(false))
  return { decision, cancel: () => done(false) }
}
