import { describe, expect, test } from 'vitest'
import { mainnet, solana as solanaMainnet, solanaDevnet } from '../../networks.js'
import { ChainNamespaces, DefaultAccountTypes } from '../caip.js'
import { ChainFamilies, chainFamily } from './index.js'

describe('chain families', () => {
  test('each record is filed under its own namespace', () => {
    for (const [namespace, family] of Object.entries(ChainFamilies)) expect(family.namespace).toBe(namespace)
    expect(Object.keys(ChainFamilies).every((n) => (ChainNamespaces as readonly string[]).includes(n))).toBe(true)
  })

  test('SPEC §6: the default account type per family, one of its account types', () => {
    for (const family of Object.values(ChainFamilies)) {
      expect(family.defaultAccountType).toBe(DefaultAccountTypes[family.namespace])
      expect(family.accountTypes).toContain(family.defaultAccountType)
    }
  })

  test('behavior: addresses are kept in the family form', () => {
    expect(chainFamily('eip155')?.toAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(chainFamily('eip155')?.toAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(chainFamily('solana')?.toAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    expect(chainFamily('polkadot')).toBeUndefined()
    expect(chainFamily(undefined)).toBeUndefined()
  })

  test('SPEC §7 onramp currency: SOL on Solana, USDC on EVM chains', () => {
    expect(chainFamily('solana')?.onrampCurrency).toBe('SOL')
    expect(chainFamily('eip155')?.onrampCurrency).toBe('USDC')
  })

  test('behavior: explorer links keep the explorer query (Solscan clusters)', () => {
    expect(chainFamily('eip155')?.explorer.transaction(mainnet, '0xabc')).toBe('https://etherscan.io/tx/0xabc')
    expect(chainFamily('eip155')?.explorer.address(mainnet, '0x01')).toBe('https://etherscan.io/address/0x01')
    expect(chainFamily('solana')?.explorer.address(solanaMainnet, 'So1')).toBe('https://solscan.io/account/So1')
    expect(chainFamily('solana')?.explorer.transaction(solanaDevnet, '5sig')).toBe('https://solscan.io/tx/5sig?cluster=devnet')
    expect(chainFamily('solana')?.explorer.transaction({}, '5sig')).toBeUndefined()
  })
})
