import { describe, expect, test } from 'vitest'
import { APPROVAL_DELAY_MS, ApprovalGuard, type PointerSample } from './approvalGuard.js'

function setup() {
  let now = 1000
  const guard = new ApprovalGuard(() => now)
  const tick = (ms: number) => (now += ms)
  const at = (offsetX: number, offsetY = 100) => ({ pointerType: 'mouse', offsetX, offsetY })
  const pointer = (type: string, sample = at(40)) => guard.pointer({ type, ...sample } as PointerSample)
  /** A mouse that moves onto Approve and clicks it, at the frame's position `offsetX`. */
  const click = (offsetX = 40) => {
    pointer('pointermove', at(offsetX))
    pointer('pointerdown', at(offsetX))
    pointer('pointerup', at(offsetX))
    return guard.acceptsPointerClick(at(offsetX))
  }
  return { guard, tick, pointer, click, at }
}

describe('ApprovalGuard', () => {
  test('default: armed only after the screen was visible for the delay; a click then counts', () => {
    const { guard, tick, click } = setup()
    expect(guard.armed()).toBe(false)
    guard.visibility(true)
    tick(APPROVAL_DELAY_MS - 1)
    expect(guard.armed()).toBe(false)
    expect(click()).toBe(false)
    tick(APPROVAL_DELAY_MS)
    expect(guard.armed()).toBe(true)
    expect(click()).toBe(true)
  })

  test('behavior: hidden or covered, then shown again, restarts the delay', () => {
    const { guard, tick, click } = setup()
    guard.visibility(true)
    tick(2000)
    guard.visibility(false) // covered (IntersectionObserver v2: isVisible false) or tab hidden
    expect(guard.armed()).toBe(false)
    tick(5000)
    guard.visibility(true)
    tick(APPROVAL_DELAY_MS - 100)
    expect(click()).toBe(false)
    tick(100)
    expect(click()).toBe(true)
    expect(guard.armsAt()).toBe(8000 + APPROVAL_DELAY_MS) // shown again at 8000
  })

  test('behavior: a resize (disturbed) restarts the delay; being shown again while visible does not', () => {
    const { guard, tick } = setup()
    guard.visibility(true)
    tick(2000)
    guard.visibility(true)
    expect(guard.armed()).toBe(true)
    guard.disturbed()
    expect(guard.armed()).toBe(false)
    tick(APPROVAL_DELAY_MS)
    expect(guard.armed()).toBe(true)
  })

  test('behavior: the frame moved under the pointer (its screen offset changed) restarts the delay', () => {
    const { guard, tick, pointer, click, at } = setup()
    guard.visibility(true)
    tick(2000)
    pointer('pointermove', at(40)) // the user reads, the cursor over the frame
    tick(500)
    expect(click(340)).toBe(false) // the host moved the frame 300 px; the click comes right after
    expect(guard.armed()).toBe(false)
    tick(APPROVAL_DELAY_MS)
    expect(click(340)).toBe(true)
  })

  test('behavior: a frame that appeared and settled under a resting cursor (boundary events only) is no evidence', () => {
    const { guard, tick, pointer, click, at } = setup()
    pointer('pointerover', at(40, 475)) // shown under the cursor, then laid out by the host's modal
    pointer('pointerover', at(40, 291))
    guard.visibility(true)
    tick(APPROVAL_DELAY_MS)
    expect(click(40)).toBe(true)
  })

  test('behavior: offsets within rounding are the same place', () => {
    const { guard, tick, pointer, click, at } = setup()
    guard.visibility(true)
    tick(2000)
    pointer('pointermove', at(40.4))
    expect(click(41.5)).toBe(true)
  })

  test('behavior: a mouse press with no move over the frame first (frame slid under a resting cursor) is refused', () => {
    const { guard, tick, pointer, at } = setup()
    guard.visibility(true)
    tick(2000)
    pointer('pointerover', at(40))
    pointer('pointerdown', at(40))
    pointer('pointerup', at(40))
    expect(guard.acceptsPointerClick(at(40))).toBe(false)
  })

  test('behavior: touch has no hover, so a tap needs no move first', () => {
    const { guard, tick, pointer } = setup()
    guard.visibility(true)
    tick(2000)
    const touch = { pointerType: 'touch', offsetX: 0, offsetY: 0 }
    pointer('pointerover', touch)
    pointer('pointerdown', touch)
    expect(guard.acceptsPointerClick(touch)).toBe(true)
  })

  test('behavior: a press made before the guard armed does not count when released after', () => {
    const { guard, tick, pointer, at } = setup()
    guard.visibility(true)
    pointer('pointermove', at(40))
    tick(APPROVAL_DELAY_MS - 50)
    pointer('pointerdown', at(40))
    tick(100)
    expect(guard.armed()).toBe(true)
    expect(guard.acceptsPointerClick(at(40))).toBe(false)
  })

  test('behavior: keyboard — Enter within the delay after Approve got the focus does nothing, and restarts that delay', () => {
    const { guard, tick } = setup()
    guard.visibility(true)
    tick(2000)
    guard.focus(true) // Tab, Tab: Approve has the focus
    tick(50)
    guard.keyDown() // Enter
    expect(guard.acceptsKeyboardClick()).toBe(false)
    tick(APPROVAL_DELAY_MS - 100)
    guard.keyDown() // mashing Enter never gets through
    expect(guard.acceptsKeyboardClick()).toBe(false)
    tick(APPROVAL_DELAY_MS)
    guard.keyDown()
    expect(guard.acceptsKeyboardClick()).toBe(true)
  })

  test('behavior: keyboard — losing the focus (or the window losing it) starts the focus delay again', () => {
    const { guard, tick } = setup()
    guard.visibility(true)
    guard.focus(true)
    tick(2000)
    guard.focus(false)
    guard.focus(true)
    guard.keyDown()
    expect(guard.acceptsKeyboardClick()).toBe(false)
    guard.focus(false)
    tick(2000)
    guard.keyDown() // focus elsewhere: no key reaches Approve
    expect(guard.acceptsKeyboardClick()).toBe(false)
  })

  test('behavior: keyboard — a click with no accepted key press before it does not count', () => {
    const { guard, tick } = setup()
    guard.visibility(true)
    guard.focus(true)
    tick(2000)
    expect(guard.acceptsKeyboardClick()).toBe(false)
    guard.keyDown()
    expect(guard.acceptsKeyboardClick()).toBe(true)
    expect(guard.acceptsKeyboardClick()).toBe(false) // one key press, one activation
  })

  test('behavior: keyboard — the screen being covered also holds the keyboard back', () => {
    const { guard, tick } = setup()
    guard.visibility(true)
    guard.focus(true)
    tick(2000)
    guard.visibility(false)
    guard.visibility(true)
    guard.keyDown()
    expect(guard.acceptsKeyboardClick()).toBe(false)
  })
})
