import { bitcoin, defineNetwork } from '@portico/core'
import { describe, expect, test } from 'vitest'
import { esploraUrl, feeRatesFromEstimates } from './esplora.js'

const devnet = defineNetwork({
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Bitcoin Devnet',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:18443/'] } },
})

describe('Esplora', () => {
  test("through the Portico server's proxy when apiUrl is set, else the network's Esplora URL", () => {
    expect(esploraUrl({ caipNetwork: devnet, rpcHost: { apiUrl: 'https://api.example/', projectId: 'p1' } }, '/address/x/utxo')).toBe(
      'https://api.example/v1/bip122/0f9188f13cb7b2c71f2a335e3a4fc328/esplora/address/x/utxo?projectId=p1',
    )
    expect(esploraUrl({ caipNetwork: devnet }, '/tx')).toBe('http://127.0.0.1:18443/tx')
    expect(() => esploraUrl({ caipNetwork: bitcoin }, '/tx')).toThrowError(expect.objectContaining({ key: 'error.httpStatus' }))
  })

  test('fee rates from /fee-estimates: 144 blocks slow, 6 normal, 1 fast; whole sat/vB, at least 1, ordered', () => {
    expect(feeRatesFromEstimates({ '1': 20, '3': 10, '6': 5, '144': 1 })).toEqual({ slow: 1, normal: 5, fast: 20 })
    expect(feeRatesFromEstimates({ '2': 12.3, '10': 4.1, '504': 0.4 })).toEqual({ slow: 1, normal: 5, fast: 13 })
    expect(feeRatesFromEstimates({})).toEqual({ slow: 1, normal: 1, fast: 1 })
  })
})
