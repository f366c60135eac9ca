// @vitest-environment jsdom
import { en, loadMessages, localeDirection } from '@portico/core/i18n'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { testPortico } from '../../../../core/src/test/fakes.js'
import { I18nContext } from '../../i18n/context.js'
import { renderWithPortico } from '../../test/render.js'
import RegisterAccountName from './RegisterAccountName.js'

describe('RegisterAccountName shows the hint core chose, by its key', () => {
  test('behavior: the hint in English, then in French; a stored problem is the hint, as an alert', async () => {
    const { portico } = testPortico({ apiUrl: 'http://127.0.0.1:1', projectId: 'p1' })
    const hint = (container: HTMLElement) => container.querySelector('[data-testid=register-name-hint]')!
    act(() => portico.stores.names.setState({ input: 'alice', suggestions: [{ name: 'alice.portico.id', registered: true }] }))
    const english = renderWithPortico(portico, <RegisterAccountName />)
    expect(hint(english).textContent).toBe('alice.portico.id is already registered')
    expect(hint(english).getAttribute('role')).toBe('alert')

    const messages = await loadMessages({ locale: 'fr' })
    const french = renderWithPortico(
      portico,
      <I18nContext.Provider value={{ locale: 'fr', dir: localeDirection('fr'), messages, fallback: en }}>
        <RegisterAccountName />
      </I18nContext.Provider>,
    )
    expect(hint(french).textContent).toBe('alice.portico.id est déjà enregistré')
    act(() => portico.stores.names.setState({ suggestions: [{ name: 'alice.portico.id', registered: false }] }))
    expect(hint(french).textContent).toBe('alice.portico.id est disponible')
    expect(hint(french).getAttribute('role')).toBeNull()
    act(() => portico.stores.names.setState({ error: { key: 'error.external', params: { text: 'Name service unavailable' } } }))
    expect(hint(french).textContent).toBe('Name service unavailable')
    expect(hint(french).getAttribute('role')).toBe('alert')
  })
})
