import { describe, expect, test } from 'vitest'
import { productionProblems } from './checks.js'
import { DEFAULT_CONFIG } from './dev.js'
import { ServerConfigSchema } from './schema.js'

describe('config.smartAccounts', () => {
  test('without --dev: a local bundler and the public devnet paymaster key stop the start', () => {
    const problems = productionProblems(DEFAULT_CONFIG, {})
    expect(problems).toContain("smartAccounts.chains.eip155:31337.bundlerUrl: a local (devnet) bundler; without --dev set the chain's real bundler URL")
    expect(problems.some((p) => p.startsWith('smartAccounts.paymaster.signerKey: the public devnet key'))).toBe(true)
    const real = {
      ...DEFAULT_CONFIG,
      smartAccounts: {
        chains: { 'eip155:8453': { ...DEFAULT_CONFIG.smartAccounts!.chains['eip155:31337']!, bundlerUrl: 'https://bundler.example/base' } },
        paymaster: { ...DEFAULT_CONFIG.smartAccounts!.paymaster!, signerKey: `0x${'11'.repeat(32)}` as const },
      },
    }
    expect(productionProblems(real, {}).filter((p) => p.startsWith('smartAccounts'))).toEqual([])
  })

  test('the schema refuses a bad signer key, a bad cap and an unknown key', () => {
    const chain = DEFAULT_CONFIG.smartAccounts!.chains['eip155:31337']!
    const parse = (smartAccounts: unknown) => ServerConfigSchema.safeParse({ smartAccounts })
    expect(parse({ chains: { 'eip155:31337': chain }, paymaster: { signerKey: `0x${'11'.repeat(32)}` } }).success).toBe(true)
    expect(parse({ paymaster: { signerKey: '0x1234' } }).error?.issues[0]?.message).toBe('expected a 0x private key (32 bytes hex)')
    expect(parse({ paymaster: { signerKey: `0x${'11'.repeat(32)}`, maxCostWei: '-1' } }).error?.issues[0]?.message).toBe(
      'expected a whole number of wei (a decimal string)',
    )
    expect(parse({ chains: { 'eip155:31337': { ...chain, extra: 1 } } }).success).toBe(false)
  })
})
