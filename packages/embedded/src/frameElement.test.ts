// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest'
import { createFrameElement } from './frameElement.js'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the secure frame element', () => {
  test('shown, it takes focus for its screen; hidden, it gives the focus back to the page (the modal’s keys reach it again)', () => {
    const element = createFrameElement(document, () => undefined)
    const iframe = element.mount('http://localhost:8788/frame')
    element.show({ top: 10, left: 10, width: 300, height: 400 }, 'Approve — Portico secure wallet')
    element.focus()
    expect(document.activeElement).toBe(iframe)
    element.hide()
    expect(document.activeElement).toBe(document.body)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    expect(iframe.tabIndex).toBe(-1)
  })

  test('hidden while the focus is elsewhere on the page, it leaves the focus there', () => {
    const element = createFrameElement(document, () => undefined)
    element.mount('http://localhost:8788/frame')
    const field = document.body.appendChild(document.createElement('input'))
    field.focus()
    element.hide()
    expect(document.activeElement).toBe(field)
  })
})
