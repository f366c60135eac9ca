/**
 * The frame's own screens for user-held factors (CUSTODY.md): add a passkey, set a recovery
 * password, and unlock or confirm with one. They are drawn by the secure origin, like the
 * approval screen: the WebAuthn ceremony runs here (the passkey's RP id is this origin's host)
 * and the password is typed here, so the host page never sees the PRF output or the password.
 * The host only shows the frame while a screen is up (FACTOR_SCREEN_NEEDED / _DONE).
 */
import { MIN_PASSWORD_LENGTH } from '../custody.js'
import { ApiError } from './api.js'
import { UserRejectedRequestError } from './errors/rpc.js'
import { formatDecimal, formatWait, t } from './i18n/index.js'
import { createPasskey, passkeysSupported, usePasskey } from './passkeys.js'

export type FactorPurpose = 'add-passkey' | 'add-password' | 'unlock' | 'verify'

export interface ScreenHost {
  root: HTMLElement
  dappName(): string
  hostOrigin: string
  /** The host must show the frame now / may hide it again. */
  shown(purpose: FactorPurpose): void
  hidden(): void
}

export interface Factor {
  id: string
  kind: 'passkey' | 'password'
  credentialId?: string
  prfSalt?: string
}

/** The user left the screen (Cancel, or the host aborted): a user rejection (4001), like a no on the approval screen. */
export class FactorCancelled extends UserRejectedRequestError {
  constructor() {
    super({ message: 'Cancelled' })
  }
}

/** Enabled after a short delay, like the approval screen's buttons (clickjacking). */
const BUTTON_DELAY_MS = 600

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

let active: { cancel(): void } | undefined

/** Cancels the screen that is up, if any (RPC_ABORT, SIGN_OUT). */
export function cancelFactorScreen() {
  active?.cancel()
}

interface Frame {
  card: HTMLElement
  body: HTMLElement
  error: HTMLParagraphElement
  actions: HTMLElement
  button(label: string, kind: 'primary' | 'secondary', testId: string): HTMLButtonElement
}

/**
 * Draws one screen and runs it: `setup` adds the body and buttons and calls `done` or `fail`.
 * Resolves with what `done` gives; rejects with FactorCancelled when the user cancels.
 */
function screen<T>(host: ScreenHost, purpose: FactorPurpose, title: string, lead: string, setup: (f: Frame, done: (value: T) => void) => void): Promise<T> {
  active?.cancel()
  return new Promise<T>((resolve, reject) => {
    const { root } = host
    root.replaceChildren()
    const card = el('section', 'approval factor')
    card.setAttribute('aria-label', title)
    card.dataset.testid = `frame-factor-${purpose}`
    const head = el('header', 'approval-head')
    const badge = el('div', 'approval-badge factor-badge')
    badge.append(lockIcon())
    const titles = el('div')
    const origin = el('p', 'approval-origin')
    const dapp = el('span', 'approval-dapp', host.dappName())
    origin.append(dapp, ` · ${host.hostOrigin}`)
    titles.append(el('h1', 'approval-title', title), origin)
    head.append(badge, titles)
    const body = el('div', 'factor-body')
    // The error right under the lead: in view on a short (narrow) frame too.
    const error = el('p', 'factor-error')
    error.setAttribute('role', 'alert')
    error.dataset.testid = 'frame-factor-error'
    body.append(el('p', 'factor-lead', lead), error)
    const actions = el('div', 'approval-actions')
    const buttons: HTMLButtonElement[] = []
    const f: Frame = {
      card,
      body,
      error,
      actions,
      button(label, kind, testId) {
        const b = el('button', `button ${kind}`, label)
        b.type = 'button'
        b.disabled = true
        b.dataset.testid = testId
        buttons.push(b)
        return b
      },
    }
    let settled = false
    const finish = () => {
      settled = true
      clearTimeout(timer)
      active = undefined
      root.replaceChildren()
      document.body.classList.remove('showing')
      host.hidden()
    }
    const done = (value: T) => {
      if (settled) return
      finish()
      resolve(value)
    }
    const cancel = () => {
      if (settled) return
      finish()
      reject(new FactorCancelled())
    }
    active = { cancel }
    setup(f, done)
    const cancelButton = f.button(t('factor.cancel'), 'secondary', 'frame-factor-cancel')
    cancelButton.addEventListener('click', (e) => e.isTrusted && cancel())
    actions.prepend(cancelButton)
    card.append(head, body, actions, el('p', 'approval-foot', t('factor.foot')))
    root.append(card)
    document.body.classList.add('showing')
    host.shown(purpose)
    const timer = setTimeout(() => buttons.forEach((b) => (b.disabled = false)), BUTTON_DELAY_MS)
  })
}

/** Runs `task` with the button busy; shows the error text in the screen and re-enables on failure. */
async function busy(f: Frame, button: HTMLButtonElement, label: string, task: () => Promise<void>) {
  const before = button.textContent
  button.disabled = true
  button.textContent = label
  f.error.textContent = ''
  try {
    await task()
  } catch (error) {
    f.error.textContent = factorErrorText(error)
    f.error.scrollIntoView?.({ block: 'center' })
  } finally {
    button.disabled = false
    button.textContent = before
  }
}

/** What the screen says about a failed step: a refused try (429) says when to try again, in the frame's words. */
export function factorErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSec !== undefined)
    return t('factor.errorRetryLater', { when: formatWait(error.retryAfterSec) })
  const name = (error as { name?: string })?.name
  if (name === 'NotAllowedError') return t('factor.errorNoAnswer')
  if (name === 'InvalidStateError') return t('factor.errorExists')
  if (name === 'SecurityError') return t('factor.errorNotAllowed')
  return error instanceof Error ? error.message : t('factor.errorUnknown')
}

function passwordField(label: string, testId: string, autocomplete: AutoFill) {
  const wrap = el('label', 'factor-field')
  wrap.append(el('span', undefined, label))
  const input = el('input')
  input.type = 'password'
  input.autocomplete = autocomplete
  input.spellcheck = false
  input.dataset.testid = testId
  input.maxLength = 256
  wrap.append(input)
  return { wrap, input }
}

/** 'Add a passkey': the ceremony runs on the click in this frame. */
export function showAddPasskey(host: ScreenHost, opts: { userName: string; salt: Uint8Array; save(credentialId: string, secret: Uint8Array): Promise<void> }) {
  return screen<void>(host, 'add-passkey', t('factor.addPasskeyTitle'), t('factor.addPasskeyLead'), (f, done) => {
    const list = el('ul', 'factor-points')
    for (const point of [t('factor.addPasskeyPoint1'), t('factor.addPasskeyPoint2')]) list.append(el('li', undefined, point))
    f.body.append(list)
    const create = f.button(t('factor.createPasskey'), 'primary', 'frame-factor-create-passkey')
    create.addEventListener('click', (e) => {
      if (!e.isTrusted) return
      void busy(f, create, t('factor.waitingPasskey'), async () => {
        if (!passkeysSupported()) throw new Error(t('factor.errorNoPasskeys'))
        const made = await createPasskey(opts.userName, opts.salt)
        await opts.save(made.credentialId, made.secret)
        done()
      })
    })
    f.actions.append(create)
  })
}

/** 'Set a recovery password': typed here, twice; the host never sees it. */
export function showAddPassword(host: ScreenHost, opts: { save(password: string): Promise<void> }) {
  return screen<void>(host, 'add-password', t('factor.addPasswordTitle'), t('factor.addPasswordLead'), (f, done) => {
    const first = passwordField(t('factor.password'), 'frame-factor-password', 'new-password')
    const second = passwordField(t('factor.repeatPassword'), 'frame-factor-password-repeat', 'new-password')
    f.body.append(first.wrap, second.wrap, el('p', 'factor-hint', t('factor.passwordHint', { min: formatDecimal(BigInt(MIN_PASSWORD_LENGTH)) })))
    const save = f.button(t('factor.setPassword'), 'primary', 'frame-factor-save-password')
    const submit = () =>
      busy(f, save, t('factor.protecting'), async () => {
        const password = first.input.value
        if (password.length < MIN_PASSWORD_LENGTH) throw new Error(t('factor.tooShort', { min: formatDecimal(BigInt(MIN_PASSWORD_LENGTH)) }))
        if (password !== second.input.value) throw new Error(t('factor.differ'))
        await opts.save(password)
        first.input.value = second.input.value = ''
        done()
      })
    save.addEventListener('click', (e) => e.isTrusted && void submit())
    second.input.addEventListener('keydown', (e) => e.key === 'Enter' && e.isTrusted && !save.disabled && void submit())
    f.actions.append(save)
  })
}

/**
 * 'Unlock' (a new device rebuilds the key) or 'Confirm it is you' (an email or factor change):
 * the wallet's passkey or password. `attempt` checks it with the server; a wrong one shows the
 * server's text and lets the user try again.
 */
export function showUseFactor(
  host: ScreenHost,
  opts: { purpose: 'unlock' | 'verify'; factors: Factor[]; attempt(factor: Factor, secret: Uint8Array | { password: string }): Promise<void> },
) {
  const passkeys = opts.factors.filter((f) => f.kind === 'passkey')
  const password = opts.factors.find((f) => f.kind === 'password')
  const what = passkeys.length && password ? 'Both' : passkeys.length ? 'Passkey' : 'Password'
  return screen<void>(
    host,
    opts.purpose,
    t(opts.purpose === 'unlock' ? 'factor.unlockTitle' : 'factor.verifyTitle'),
    t(`factor.${opts.purpose === 'unlock' ? 'unlockLead' : 'verifyLead'}${what}`),
    (f, done) => {
      if (passkeys.length) {
        const use = f.button(t('factor.usePasskey'), 'primary', 'frame-factor-use-passkey')
        use.addEventListener('click', (e) => {
          if (!e.isTrusted) return
          void busy(f, use, t('factor.waitingPasskey'), async () => {
            if (!passkeysSupported()) throw new Error(t('factor.errorNoPasskeys'))
            const used = await usePasskey(passkeys)
            await opts.attempt(used.factor, used.secret)
            done()
          })
        })
        f.actions.append(use)
      }
      if (password) {
        const field = passwordField(t('factor.password'), 'frame-factor-password', 'current-password')
        f.body.append(field.wrap)
        const unlock = f.button(
          t(opts.purpose === 'unlock' ? 'factor.unlock' : 'factor.confirm'),
          passkeys.length ? 'secondary' : 'primary',
          'frame-factor-submit-password',
        )
        const submit = () =>
          busy(f, unlock, t('factor.checking'), async () => {
            if (!field.input.value) throw new Error(t('factor.enterPassword'))
            await opts.attempt(password, { password: field.input.value })
            field.input.value = ''
            done()
          })
        unlock.addEventListener('click', (e) => e.isTrusted && void submit())
        field.input.addEventListener('keydown', (e) => e.key === 'Enter' && e.isTrusted && !unlock.disabled && void submit())
        f.actions.append(unlock)
      }
      if (passkeys.length && password) f.actions.classList.add('three')
    },
  )
}

function lockIcon() {
  const ns = 'http://www.w3.org/2000/svg'
  const svg = document.createElementNS(ns, 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('width', '20')
  svg.setAttribute('height', '20')
  svg.setAttribute('aria-hidden', 'true')
  const path = document.createElementNS(ns, 'path')
  path.setAttribute('d', 'M7 10V8a5 5 0 0 1 10 0v2h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V8a3 3 0 0 0-6 0v2Z')
  path.setAttribute('fill', 'currentColor')
  svg.append(path)
  return svg
}
