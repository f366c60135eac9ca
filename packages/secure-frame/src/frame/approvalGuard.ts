/**
 * The approve button's guard against UI redress (clickjacking). The host page owns the iframe: it
 * can hide it, cover it, make it transparent, move it or resize it at any moment, and time that so
 * a click or a key press meant for something else lands on Approve. So Approve counts only when
 *
 * - the screen has been visible, unchanged, for APPROVAL_DELAY_MS: visible means the tab is shown
 *   and IntersectionObserver v2 (`trackVisibility`, Chromium) reports the screen and the button
 *   unoccluded and undistorted (no overlay, opacity, filter or skewing transform); the frame's
 *   viewport size must not change (the host resizing the iframe) — any change restarts the delay;
 * - a mouse click comes from a pointer that moved inside the frame at the frame's current position
 *   (screenX − clientX / screenY − clientY): a click from a cursor that never moved over the frame
 *   where it is now (the frame was slid under a resting cursor) is refused, and when the host moves
 *   the iframe under a pointer that was moving over it, that offset changes, which restarts the
 *   delay;
 * - a key press (Enter/Space, a click with `detail` 0) comes after Approve has held the keyboard
 *   focus for the delay; a key pressed on it earlier restarts that delay (Tab-Tab-Enter, or
 *   mashing Enter, never approves).
 *
 * Moving the iframe cannot be observed by a cross-origin frame itself (IntersectionObserver gives
 * it no root bounds and an unchanged target rect), hence the pointer offsets. Browsers without
 * IntersectionObserver v2 (`isVisible` undefined) fall back to plain intersection: they still get
 * the delay, the size, offset and keyboard rules, but not occlusion.
 */
export const APPROVAL_DELAY_MS = 800

/** Offsets may differ by rounding (fractional client coordinates); a real move is larger. */
const OFFSET_TOLERANCE_PX = 2

export interface PointerSample {
  type: string
  pointerType: string
  /** screenX − clientX, screenY − clientY: where the frame's viewport is on the screen. */
  offsetX: number
  offsetY: number
}

/** The guard's rules over injected time, so they are tested with a fake clock. */
export class ApprovalGuard {
  private visibleSince: number | undefined
  private offset: { x: number; y: number } | undefined
  private movedAtOffset = false
  private downAccepted = false
  private focusSince: number | undefined
  private keyAccepted = false

  constructor(
    private readonly now: () => number,
    readonly delayMs = APPROVAL_DELAY_MS,
  ) {}

  /** The screen became visible (restarts the delay) or stopped being visible. */
  visibility(visible: boolean) {
    if (!visible) this.visibleSince = undefined
    else if (this.visibleSince === undefined) this.visibleSince = this.now()
  }

  /** Something about the frame changed (size, position): the delay starts again. */
  disturbed() {
    if (this.visibleSince !== undefined) this.visibleSince = this.now()
    if (this.focusSince !== undefined) this.focusSince = this.now()
    this.downAccepted = this.keyAccepted = false
  }

  /** Visible and undisturbed for the delay. */
  armed() {
    return this.visibleSince !== undefined && this.now() - this.visibleSince >= this.delayMs
  }

  /** When the guard arms if nothing else happens (undefined while not visible). */
  armsAt() {
    return this.visibleSince === undefined ? undefined : this.visibleSince + this.delayMs
  }

  /** Every pointer event in the frame (move, over, down, up): tracks where the frame is. */
  pointer(sample: PointerSample) {
    const moved =
      this.offset && (Math.abs(sample.offsetX - this.offset.x) > OFFSET_TOLERANCE_PX || Math.abs(sample.offsetY - this.offset.y) > OFFSET_TOLERANCE_PX)
    if (!this.offset || moved) {
      // Moved while the pointer had been moving over it: what the user aimed at moved. A frame that
      // only appeared or settled under a resting cursor (boundary events, no move) is no evidence.
      if (moved && this.movedAtOffset) this.disturbed()
      this.offset = { x: sample.offsetX, y: sample.offsetY }
      this.movedAtOffset = false
    }
    if (sample.type === 'pointermove') this.movedAtOffset = true
    // A mouse has to have moved over the frame where it is now; touch and pen have no hover.
    if (sample.type === 'pointerdown') this.downAccepted = this.armed() && (sample.pointerType !== 'mouse' || this.movedAtOffset)
  }

  /** A click by pointer (`detail` > 0) on Approve: its press and release both while armed, in place. */
  acceptsPointerClick(sample: Omit<PointerSample, 'type'>) {
    this.pointer({ ...sample, type: 'click' })
    return this.armed() && this.downAccepted
  }

  /** Approve got (focus) or lost (blur) the keyboard focus; a window blur/focus comes here too. */
  focus(focused: boolean) {
    this.focusSince = focused ? this.now() : undefined
    this.keyAccepted = false
  }

  private keyboardArmed() {
    return this.armed() && this.focusSince !== undefined && this.now() - this.focusSince >= this.delayMs
  }

  /** A key went down on Approve. Too early: refused, and the focus delay starts again. */
  keyDown() {
    this.keyAccepted = this.keyboardArmed()
    if (!this.keyAccepted && this.focusSince !== undefined) this.focusSince = this.now()
  }

  /** A keyboard activation (`detail` 0) of Approve: the key that caused it was accepted. */
  acceptsKeyboardClick() {
    const accepted = this.keyAccepted && this.keyboardArmed()
    this.keyAccepted = false
    return accepted
  }
}

export interface GuardedButton {
  /** Whether this trusted click on the button counts as the user's decision. */
  accepts(event: MouseEvent): boolean
  stop(): void
}

/**
 * Wires the guard to the document: IntersectionObserver v2 on the screen and the button,
 * visibilitychange, the viewport size (resize events and a periodic check), pointer offsets,
 * focus and keys. The button is `disabled` while the guard is not armed; so are `alongside`
 * buttons (Reject: harmless, but Chromium drops clicks on a frame that moved in the last 500 ms,
 * so an enabled button there could swallow a click while the host still lays the frame out).
 */
export function guardButton(
  button: HTMLButtonElement,
  screen: Element,
  { delayMs = APPROVAL_DELAY_MS, alongside = [] as HTMLButtonElement[] } = {},
): GuardedButton {
  const guard = new ApprovalGuard(() => performance.now(), delayMs)
  const view = window
  const seen = new Map<Element, boolean>()
  let size = `${view.innerWidth}x${view.innerHeight}@${view.devicePixelRatio}`

  const visibleNow = () => document.visibilityState === 'visible' && seen.get(screen) === true && seen.get(button) === true
  const sync = () => {
    guard.visibility(visibleNow())
    button.disabled = !guard.armed()
    for (const other of alongside) other.disabled = !guard.armed()
  }
  const observed = (entries: IntersectionObserverEntry[]) => {
    for (const entry of entries) {
      const v2 = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible
      const wholeButton = entry.target !== button || entry.intersectionRatio >= 0.99
      seen.set(entry.target, entry.isIntersecting && wholeButton && v2 !== false)
    }
    sync()
  }
  const observer = new IntersectionObserver(observed, { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit)
  observer.observe(screen)
  observer.observe(button)
  // Input is dispatched ahead of other tasks: on a busy page a press can arrive before the
  // observer's task delivers what the last frames showed (a cover, lifted since). Read those first.
  const catchUp = () => {
    const pending = observer.takeRecords()
    if (pending.length > 0) observed(pending)
  }

  const checkSize = () => {
    const now = `${view.innerWidth}x${view.innerHeight}@${view.devicePixelRatio}`
    if (now !== size) {
      size = now
      guard.disturbed()
    }
    sync()
  }
  const onPointer = (event: PointerEvent) => {
    if (!event.isTrusted) return
    if (event.type === 'pointerdown') {
      catchUp()
      checkSize()
    }
    guard.pointer({ type: event.type, pointerType: event.pointerType, offsetX: event.screenX - event.clientX, offsetY: event.screenY - event.clientY })
    sync()
  }
  const onFocus = (event: FocusEvent) => event.target === button && guard.focus(true)
  const onBlur = (event: FocusEvent) => (event.target === button || event.target === view) && guard.focus(false)
  const onKey = (event: KeyboardEvent) => {
    if (!event.isTrusted || event.target !== button) return
    catchUp()
    checkSize()
    guard.keyDown()
  }
  const ticker = setInterval(checkSize, 50)
  const listeners: Array<[EventTarget, string, (event: any) => void, boolean]> = [
    [document, 'visibilitychange', sync, false],
    [view, 'resize', checkSize, false],
    [view.visualViewport ?? view, 'resize', checkSize, false],
    [view, 'pointermove', onPointer, true],
    [view, 'pointerover', onPointer, true],
    [view, 'pointerdown', onPointer, true],
    [view, 'pointerup', onPointer, true],
    [view, 'focus', onFocus, true],
    [view, 'blur', onBlur, true],
    [view, 'keydown', onKey, true],
  ]
  for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture)
  if (document.activeElement === button && document.hasFocus()) guard.focus(true)
  sync()

  return {
    accepts(event) {
      if (!event.isTrusted) return false
      // A resize or a cover in this very moment may not have reached its listener yet: read them now.
      catchUp()
      checkSize()
      // A key press too early has already restarted the focus delay (keyDown).
      if (event.detail === 0) return document.hasFocus() && document.activeElement === button && guard.acceptsKeyboardClick()
      const pointerType = (event as PointerEvent).pointerType || 'mouse'
      const accepted = guard.acceptsPointerClick({ pointerType, offsetX: event.screenX - event.clientX, offsetY: event.screenY - event.clientY })
      // A click that does not add up (the frame moved under it): the whole delay starts again.
      if (!accepted) {
        guard.disturbed()
        sync()
      }
      return accepted
    },
    stop() {
      clearInterval(ticker)
      observer.disconnect()
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture)
    },
  }
}
