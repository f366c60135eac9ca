// @vitest-environment jsdom
import { connectExternal, createPortico, desktopEnvironment, initialize, memoryStorage, openModal, type Portico } from '@portico/core'
import { en, loadMessages, localeDirection, type Locale } from '@portico/core/i18n'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { devnet, devnet2, fakeClock, ScriptedAdapter } from '../../../core/src/test/fakes.js'
import { PorticoContext } from '../context.js'
import { Snackbar } from '../modal/Snackbar.js'
import Networks from '../views/Networks/Networks.js'
import SwitchNetwork from '../views/SwitchNetwork/SwitchNetwork.js'
import { OtpForm } from '../components/embedded/OtpForm.js'
import { I18nContext } from './context.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let unmount: (() => void) | undefined
afterEach(() => unmount?.())

async function render(portico: Portico, locale: Locale, children: React.ReactNode) {
  const messages = await loadMessages({ locale })
  const container = document.createElement('div')
  const root = createRoot(container)
  act(() =>
    root.render(
      <PorticoContext.Provider value={portico}>
        <I18nContext.Provider value={{ locale, dir: localeDirection(locale), messages, fallback: en }}>{children}</I18nContext.Provider>
      </PorticoContext.Provider>,
    ),
  )
  unmount = () => act(() => root.unmount())
  return container
}

async function connected() {
  const portico = createPortico({
    adapters: [new ScriptedAdapter('eip155')],
    networks: [devnet, devnet2],
    storage: memoryStorage(),
    clock: fakeClock(),
    environment: desktopEnvironment,
    locale: 'ja',
  })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  return portico
}

test('rule (issue 19 Languages): a view speaks the chosen locale — Networks in Japanese', async () => {
  const portico = await connected()
  openModal(portico, { view: 'Networks' })
  const view = await render(portico, 'ja', <Networks />)
  expect(view.querySelector('ul')!.getAttribute('aria-label')).toBe('ネットワーク')
  expect(view.querySelector('.tag.success')!.textContent).toBe('使用中')
})

test("rule (issue 19 Languages): core keeps the snack's key and parameters; the modal shows it in the user's language (Arabic)", async () => {
  const portico = await connected()
  // What showSnack stores (the snack's timing is core's own rule, tested there).
  portico.stores.snack.setState({ message: { key: 'error.transactionSent' }, variant: 'success', open: true })
  const view = await render(portico, 'ar', <Snackbar />)
  expect(view.querySelector('[data-testid=portico-snack]')!.textContent).toBe('أُرسلت المعاملة')
  // A text that is not catalogued (a wallet's own) is shown as it is.
  act(() => portico.stores.snack.setState({ message: { key: 'error.external', params: { text: 'User denied the request' } }, variant: 'error', open: true }))
  expect(view.querySelector('[data-testid=portico-snack]')!.textContent).toBe('User denied the request')
})

test("rule (issue 29 Keys, not English): a store's error is a key and parameters; the view shows it in the user's language (German)", async () => {
  const portico = await connected()
  openModal(portico, { view: 'Networks' })
  portico.stores.router.setState({ data: { caipNetworkId: devnet2.caipNetworkId } })
  portico.stores.network.setState({ switching: false, switchError: { key: 'error.switchNetworkDeclined' } })
  const view = await render(
    portico,
    'de',
    <>
      <SwitchNetwork />
      <OtpForm onSubmit={() => {}} loading={false} error={{ key: 'error.emailCooldown', params: { 0: 18 } }} label="Code" />
    </>,
  )
  expect(view.querySelector('[data-testid=switch-error]')!.textContent).toBe('Wechsel abgelehnt')
  expect(view.querySelector('[data-testid=otp-error]')!.textContent).toBe('Bitte versuche es in 18 Sekunden erneut')
})

test('rule (issue 19 Languages): without a catalogue (English) the texts are the English ones', async () => {
  const portico = await connected()
  openModal(portico, { view: 'Networks' })
  const view = await render(portico, 'en', <Networks />)
  expect(view.querySelector('.tag.success')!.textContent).toBe('Active')
})
