// @vitest-environment jsdom
import type { Portico } from '@portico/core'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import { embeddedTestPortico } from '../../../../core/src/test/fakeEmbedded.js'
import { PorticoContext } from '../../context.js'
import EmailLogin from './EmailLogin.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let unmount: (() => void) | undefined
afterEach(() => unmount?.())

function render(portico: Portico) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  act(() =>
    root.render(
      <PorticoContext.Provider value={portico}>
        <EmailLogin />
      </PorticoContext.Provider>,
    ),
  )
  unmount = () => act(() => root.unmount())
  return container
}

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  act(() => {
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('EmailLogin', () => {
  test('behavior: the code field keeps digits only, and a wrong code keeps what was typed', async () => {
    const { portico, client } = embeddedTestPortico()
    portico.stores.embedded.setState({ email: 'ada@example.com', emailStep: 'VERIFY_OTP', lastEmailRequestAt: portico.clock.now() })
    client.connectOtp = async () => {
      throw new Error('Invalid code')
    }
    const view = render(portico)
    const input = view.querySelector<HTMLInputElement>('[data-testid=otp-input]')!
    const submit = view.querySelector<HTMLButtonElement>('[data-testid=otp-submit]')!
    type(input, '12a3-45 6')
    expect(input.value).toBe('123456')
    expect(submit.disabled).toBe(false)
    await act(async () => submit.click())
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(view.querySelector('[data-testid=otp-error]')!.textContent).toBe('Invalid code')
    expect(input.value).toBe('123456')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
  })

  test("rule: SPEC §5's 30 s cooldown is counted down on the resend button", () => {
    const { portico, clock } = embeddedTestPortico()
    portico.stores.embedded.setState({ email: 'ada@example.com', emailStep: 'VERIFY_OTP', lastEmailRequestAt: 0 })
    clock.advance(12_000)
    const view = render(portico)
    const resend = view.querySelector<HTMLButtonElement>('[data-testid=email-resend]')!
    expect(resend.textContent).toBe('Resend code in 18 s')
    expect(resend.getAttribute('aria-disabled')).toBe('true')
  })

  test('behavior: VERIFY_DEVICE shows the wait for the approval link', () => {
    const { portico } = embeddedTestPortico()
    portico.stores.embedded.setState({ email: 'ada@example.com', emailStep: 'VERIFY_DEVICE' })
    const view = render(portico)
    expect(view.querySelector('[data-testid=email-device]')!.textContent).toContain('Approve this device')
  })
})
