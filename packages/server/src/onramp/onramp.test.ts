import { describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../config.js'
import { formatCents, formatUnits, parseCents, perMille } from './money.js'
import { escapeHtml } from './page.js'
import { SANDBOX_PUBLIC_KEY, sandboxProvider } from './sandbox.js'

describe('money', () => {
  test('parses and formats cents without floating point', () => {
    expect(parseCents('100')).toBe(10_000n)
    expect(parseCents('12.5')).toBe(1250n)
    expect(parseCents(0.1 + 0.2)).toBeUndefined() // 0.30000000000000004
    expect(parseCents(19.99)).toBe(1999n)
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '١٠', ' ', Number.NaN, Number.POSITIVE_INFINITY]) expect(parseCents(bad)).toBeUndefined()
    expect(formatCents(1999n)).toBe('19.99')
    expect(formatCents(5n)).toBe('0.05')
    expect(formatUnits(98_240_000n, 6)).toBe('98.24')
    expect(formatUnits(1_234_567n, 6)).toBe('1.234567')
    expect(perMille(10_000n, 15)).toBe(150n)
    expect(perMille(1_033n, 15)).toBe(15n) // 15.495 → 15
  })
})

describe('sandbox provider', () => {
  const provider = sandboxProvider({ ...DEFAULT_CONFIG, publicUrl: 'http://127.0.0.1:9999' })

  test('a 100 USD card quote: 1.5 % fee plus a network fee, purchase amount in USDC', () => {
    const result = provider.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'polygon-mainnet' })
    expect(result.ok && result.quote).toEqual({
      paymentTotal: { amount: '100.00', currency: 'USD' },
      paymentSubtotal: { amount: '98.49', currency: 'USD' },
      purchaseAmount: { amount: '98.49', currency: 'USDC' },
      networkFee: { amount: '0.01', currency: 'USD' },
      providerFee: { amount: '1.50', currency: 'USD' },
      paymentMethod: 'card',
      network: 'polygon-mainnet',
      provider: 'sandbox',
    })
  })

  test('fees stay within SPEC §9 range of 1 to 2 percent at the limits', () => {
    for (const [amount, network] of [
      ['10.00', '137'],
      ['7500.00', '137'],
      ['10.00', undefined],
      ['10.00', 'eip155:31337'],
    ]) {
      const r = provider.quote({ purchaseCurrency: 'usdc', paymentCurrency: 'usd', amount: amount!, network })
      if (!r.ok) throw new Error(r.description)
      const fees = Number(r.quote.providerFee.amount) + Number(r.quote.networkFee.amount)
      expect(fees / Number(amount)).toBeGreaterThanOrEqual(0.01)
      expect(fees / Number(amount)).toBeLessThanOrEqual(0.02)
    }
  })

  test('the link carries exactly the SPEC §7 params (plus amount)', () => {
    const url = new URL(provider.buildUrl({ projectId: 'p1', walletAddress: '0xabc', namespace: 'eip155', amount: '50.00' }))
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9999/sandbox/onramp')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      publicKey: SANDBOX_PUBLIC_KEY,
      destinationCurrencyCode: 'USDC',
      walletAddress: '0xabc',
      externalCustomerId: 'p1',
      amount: '50.00',
    })
    expect(new URL(provider.buildUrl({ projectId: 'p1', walletAddress: 'So1', namespace: 'solana' })).searchParams.get('destinationCurrencyCode')).toBe('SOL')
  })

  test('HTML escaping', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})
