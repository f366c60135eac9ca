import { describe, expect, test } from 'vitest'
import { getWalletFeatures } from '../actions/walletFeatures.js'
import { desktopEnvironment } from '../environment.js'
import { testPortico } from '../test/fakes.js'
import { isRestrictedTimezone, RestrictedTimezones } from './regions.js'

describe('SPEC §6 restricted-timezone list', () => {
  test('rule: the list holds the mainland China, Hong Kong and Macau zones', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau']) expect(RestrictedTimezones).toContain(zone)
    expect(isRestrictedTimezone('Asia/Hong_Kong')).toBe(true)
    expect(isRestrictedTimezone('Asia/Taipei')).toBe(false)
    expect(isRestrictedTimezone('Europe/Paris')).toBe(false)
    expect(isRestrictedTimezone(undefined)).toBe(false)
  })

  test('rule: a device in a restricted time zone is not offered the onramp; the other wallet features stay', () => {
    const at = (zone: string) => testPortico({ environment: { ...desktopEnvironment, timeZone: () => zone } }).portico
    expect(getWalletFeatures(at('Asia/Shanghai'))).toEqual(['swaps', 'receive', 'send'])
    expect(getWalletFeatures(at('Asia/Macau'))).toEqual(['swaps', 'receive', 'send'])
    expect(getWalletFeatures(at('Europe/Berlin'))).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })
})
