import { describe, expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { getFooter } from './routerSelectors.js'

describe('SPEC §2 Footers', () => {
  test('rule: the legal footer shows on Connect with the host’s terms and privacy URLs', () => {
    const { portico } = testPortico({ termsConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy' })
    expect(getFooter(portico)).toEqual({ kind: 'legal', termsConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy' })
  })
  test('behavior: no legal footer without a terms or privacy URL', () => {
    const { portico } = testPortico()
    expect(getFooter(portico)).toBeNull()
  })
  test('rule: the default footer shows on Networks; other views have none', () => {
    const { portico } = testPortico({ termsConditionsUrl: 'https://example.com/terms' })
    portico.stores.router.setState({ view: 'Networks' })
    expect(getFooter(portico)).toEqual({ kind: 'default' })
    portico.stores.router.setState({ view: 'Account' })
    expect(getFooter(portico)).toBeNull()
  })
})
