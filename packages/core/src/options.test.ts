import { describe, expect, test } from 'vitest'
import { InvalidOptionsError } from './errors/options.js'
import { mainnet } from './networks.js'
import { resolveOptions } from './options.js'
import { devnet, devnet2, ScriptedAdapter } from './test/fakes.js'

describe('SPEC §9 Defaults', () => {
  test('features and remote features default per SPEC §9', () => {
    const options = resolveOptions({ adapters: [], networks: [devnet] })
    expect(options.features).toEqual({
      receive: true,
      send: true,
      emailShowWallets: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
    })
    expect(options.remoteFeatures).toMatchObject({
      email: true,
      activity: true,
      branding: true,
      multiWallet: false,
      emailCapture: false,
      payWithExchange: false,
      payments: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    })
    expect(options).toMatchObject({ themeMode: 'dark', enableReconnect: true, enableEIP6963: true, sdkVersion: '4.0.0' })
  })

  test('rule: the default chain is eip155:1 when configured', () => {
    expect(resolveOptions({ adapters: [], networks: [devnet, mainnet] }).defaultNetwork).toBe(mainnet)
    expect(resolveOptions({ adapters: [], networks: [devnet2, devnet] }).defaultNetwork).toBe(devnet2)
  })

  test('host values override defaults', () => {
    const options = resolveOptions({ adapters: [], networks: [devnet], features: { send: false }, themeMode: 'light' })
    expect(options.features.send).toBe(false)
    expect(options.features.receive).toBe(true)
    expect(options.themeMode).toBe('light')
  })
})

describe('options validation', () => {
  const issues = (fn: () => unknown) => {
    try {
      fn()
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidOptionsError)
      return (error as InvalidOptionsError).details
    }
    throw new Error('expected InvalidOptionsError')
  }

  test('error: no networks', () => {
    expect(issues(() => resolveOptions({ adapters: [], networks: [] as never }))).toContain('networks must hold at least one network')
  })
  test('error: a bad theme mode and a bad URL are named', () => {
    const details = issues(() => resolveOptions({ adapters: [], networks: [devnet], themeMode: 'pink' as never, termsConditionsUrl: 'nope' }))
    expect(details).toContain("themeMode: themeMode must be 'dark' or 'light'")
    expect(details).toContain('termsConditionsUrl: termsConditionsUrl must be a URL')
  })
  test('error: something that is not an adapter', () => {
    expect(issues(() => resolveOptions({ adapters: [{}] as never, networks: [devnet] }))).toContain('each adapter must be a Portico chain adapter')
  })
  test('error: two adapters for one namespace', () => {
    expect(issues(() => resolveOptions({ adapters: [new ScriptedAdapter(), new ScriptedAdapter()], networks: [devnet] }))).toContain(
      'two adapters for namespace eip155',
    )
  })
  test('error: a default network that is not configured', () => {
    expect(issues(() => resolveOptions({ adapters: [], networks: [devnet], defaultNetwork: devnet2 }))).toContain(
      'defaultNetwork: eip155:31338 is not one of the networks',
    )
  })
  test('error: a caipNetworkId that does not match the chain id', () => {
    expect(issues(() => resolveOptions({ adapters: [], networks: [{ ...devnet, caipNetworkId: 'eip155:1' }] }))).toContain('expected eip155:31337')
  })
})

describe('SPEC §3/§6 flags: a flag works or is refused, never silently ignored', () => {
  const issues = (fn: () => unknown) => {
    try {
      fn()
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidOptionsError)
      return (error as InvalidOptionsError).details
    }
    throw new Error('expected InvalidOptionsError')
  }
  const base = { adapters: [], networks: [devnet] as [typeof devnet] }

  test('rule: flags whose feature is not built are refused with InvalidOptionsError naming them', () => {
    const details = issues(() =>
      resolveOptions({ ...base, enableEmbedded: true, remoteFeatures: { payWithExchange: true, payments: true }, features: { smartSessions: true } }),
    )
    for (const name of ['enableEmbedded', 'remoteFeatures.payWithExchange', 'remoteFeatures.payments', 'features.smartSessions'])
      expect(details).toContain(`${name}:`)
    // Off (their SPEC §9 default) is accepted.
    expect(() => resolveOptions({ ...base, enableEmbedded: false, remoteFeatures: { payWithExchange: false, payments: false } })).not.toThrow()
  })

  test('rule: legalCheckbox needs a terms or privacy URL (the checkbox accepts them)', () => {
    expect(issues(() => resolveOptions({ ...base, features: { legalCheckbox: true } }))).toContain(
      'features.legalCheckbox: needs termsConditionsUrl or privacyPolicyUrl',
    )
    expect(() => resolveOptions({ ...base, features: { legalCheckbox: true }, privacyPolicyUrl: 'https://example.com/privacy' })).not.toThrow()
  })

  test('rule: emailCapture needs siwx (DataCapture opens on sign-in)', () => {
    expect(issues(() => resolveOptions({ ...base, remoteFeatures: { emailCapture: true } }))).toContain('remoteFeatures.emailCapture: needs siwx')
  })

  test('rule: tokens are keyed by a configured network and need apiUrl', () => {
    const details = issues(() => resolveOptions({ ...base, tokens: { 'eip155:1': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } } }))
    expect(details).toContain('tokens: eip155:1 is not one of the networks')
    expect(details).toContain('tokens: needs apiUrl')
    expect(
      resolveOptions({
        ...base,
        apiUrl: 'http://127.0.0.1:8787',
        projectId: 'p',
        tokens: { 'eip155:31337': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } },
      }).tokens,
    ).toEqual({ 'eip155:31337': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } })
  })
})
