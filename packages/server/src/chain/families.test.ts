import { describe, expect, test } from 'vitest'
import type { ServerContext } from '../context.js'
import { HttpError } from '../http/errors.js'
import { chainFamilies, familyOfAddress, familyOfChain, familyOfNamespace, readableFamily } from './families.js'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
/** A context that reads eip155:31337 and one solana chain, nothing else (no bip122 Esplora URL). */
const ctx = {
  config: { rpcUrls: {} },
  evmClient: (id: string) => (id === 'eip155:31337' ? {} : undefined),
  solanaRpc: (id: string) => (id === 'solana:devnet' ? {} : undefined),
} as unknown as ServerContext

describe('chain families', () => {
  test('default', () => {
    expect(chainFamilies.map((family) => family.namespace)).toEqual(['eip155', 'bip122', 'solana'])
  })

  test('behavior: eip155 and solana resolve by namespace, chain id and address', () => {
    expect(familyOfNamespace('eip155')?.namespace).toBe('eip155')
    expect(familyOfChain('eip155:1')?.namespace).toBe('eip155')
    expect(familyOfAddress(EVM)?.namespace).toBe('eip155')
    expect(familyOfNamespace('solana')?.namespace).toBe('solana')
    expect(familyOfChain('solana:devnet')?.namespace).toBe('solana')
    expect(familyOfAddress(SOLANA)?.namespace).toBe('solana')
    expect(readableFamily(ctx, 'eip155:31337').namespace).toBe('eip155')
    expect(readableFamily(ctx, 'solana:devnet').namespace).toBe('solana')
  })

  test('behavior: a namespace without a family has none', () => {
    expect(familyOfNamespace('cosmos')).toBeUndefined()
    expect(familyOfChain('cosmos:cosmoshub-4')).toBeUndefined()
    expect(familyOfChain('eip155')).toBeUndefined()
    expect(familyOfAddress('cosmos1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeUndefined()
  })

  test("behavior: bip122 addresses (bech32, bech32m, base58) are Bitcoin's, tried before Solana's base58 rule", () => {
    expect(familyOfChain('bip122:000000000019d6689c085ae165831e93')?.namespace).toBe('bip122')
    for (const address of [
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc',
      'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
    ])
      expect(familyOfAddress(address)?.namespace).toBe('bip122')
    expect(familyOfAddress(SOLANA)?.namespace).toBe('solana')
  })

  test('error: a namespace without a family is refused as an unsupported chain, as a chain without an RPC is', () => {
    for (const chainId of ['cosmos:cosmoshub-4', 'bip122:000000000019d6689c085ae165831e93', 'eip155:1', 'solana:mainnet']) {
      const refusal = (() => {
        try {
          readableFamily(ctx, chainId)
        } catch (error) {
          return error
        }
      })()
      expect(refusal).toBeInstanceOf(HttpError)
      expect(refusal).toMatchObject({ status: 400, message: `Unsupported chain: no RPC is configured for ${chainId}` })
    }
  })

  test('behavior: the invalid-address refusal names the family the chain needs', () => {
    expect(familyOfNamespace('eip155')?.words.addressRule).toBe('an EVM (0x + 40 hex)')
    expect(familyOfNamespace('solana')?.words.addressRule).toBe('a Solana (base58)')
  })
})
