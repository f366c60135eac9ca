import { describe, expect, test } from 'vitest'
import { upsertConnection } from './actions/internal/setConnection.js'
import { connectMethodOrder, connectorsForNamespace, mergeConnectors, orderConnectors } from './connectorList.js'
import type { Connector } from './connectors.js'

const c = (id: string, name: string, type: Connector['type'], chain: Connector['chain'] = 'eip155'): Connector => ({ id, name, type, chain })

describe('SPEC §3 Connection', () => {
  test('rule: connections are de-duplicated by connector id, ignoring case', () => {
    const first = { connectorId: 'io.MetaMask', accounts: [{ address: '0x1' }] }
    const second = { connectorId: 'io.metamask', accounts: [{ address: '0x2' }] }
    expect(upsertConnection([first], second)).toEqual([second])
  })
})

describe('SPEC §3 Connector merge', () => {
  test('rule: connectors with the same name across chains merge into one multi-chain entry on eip155', () => {
    const evm = c('phantom-evm', 'Phantom', 'ANNOUNCED', 'eip155')
    const sol = c('phantom-sol', 'Phantom', 'ANNOUNCED', 'solana')
    const merged = mergeConnectors([sol, evm, c('mm', 'MetaMask', 'ANNOUNCED')])
    expect(merged).toHaveLength(2)
    expect(merged[0]).toMatchObject({ id: 'phantom-evm', type: 'MULTI_CHAIN', chain: 'eip155', connectors: [sol, evm] })
  })

  test('rule: for the auth connector the merged entry is an AUTH entry', () => {
    const merged = mergeConnectors([c('auth', 'Auth', 'AUTH', 'eip155'), c('auth', 'Auth', 'AUTH', 'solana')])
    expect(merged).toHaveLength(1)
    expect(merged[0]!.type).toBe('AUTH')
  })

  test('connectors on one chain only stay as they are', () => {
    const list = [c('a', 'A', 'ANNOUNCED'), c('b', 'B', 'INJECTED')]
    expect(mergeConnectors(list)).toEqual(list)
  })
})

describe('Wallet Standard wallets beside the EIP-6963 ones', () => {
  const evmOnly = c('io.metamask', 'MetaMask', 'ANNOUNCED', 'eip155')
  const solOnly = c('solflare', 'Solflare', 'ANNOUNCED', 'solana')
  const bothEvm = { ...c('app.phantom', 'Phantom', 'ANNOUNCED', 'eip155'), info: { rdns: 'app.phantom' } }
  const bothSol = c('phantom-standard', 'Phantom', 'ANNOUNCED', 'solana')

  test('rule: a wallet of both families is listed once, as installed, and a Solana-only wallet beside the EVM ones', () => {
    const ordered = orderConnectors(mergeConnectors([evmOnly, bothEvm, solOnly, bothSol]))
    expect(ordered.map((i) => [i.connector.name, i.connector.type, i.group])).toEqual([
      ['MetaMask', 'ANNOUNCED', 'injected'],
      ['Phantom', 'MULTI_CHAIN', 'injected'],
      ['Solflare', 'ANNOUNCED', 'injected'],
    ])
  })

  test('rule: the merged entry counts as recent by its rdns, and moves up to the recent group', () => {
    const ordered = orderConnectors(mergeConnectors([evmOnly, solOnly, bothSol, bothEvm]), { recentIds: ['app.phantom'] })
    expect(ordered.map((i) => [i.connector.name, i.group])).toEqual([
      ['Phantom', 'recent'],
      ['MetaMask', 'injected'],
      ['Solflare', 'injected'],
    ])
  })

  test('behavior: the list for one family keeps its browser wallets and the merged ones; not WalletConnect (it pairs every family)', () => {
    const wc = c('walletConnect', 'WalletConnect', 'WALLET_CONNECT')
    const merged = [wc, ...mergeConnectors([evmOnly, bothEvm, solOnly, bothSol])]
    expect(connectorsForNamespace(merged, 'solana').map((x) => x.name)).toEqual(['Phantom', 'Solflare'])
    expect(connectorsForNamespace(merged, 'eip155').map((x) => x.name)).toEqual(['MetaMask', 'Phantom'])
  })
})

describe('SPEC §9 Connector type order', () => {
  test('rule: walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const list = [
      c('ext', 'External', 'EXTERNAL'),
      c('feat', 'Featured', 'ID_AUTH'),
      c('inj', 'Injected', 'INJECTED'),
      c('wc', 'WalletConnect', 'WALLET_CONNECT'),
      c('recent', 'Recent', 'ANNOUNCED'),
      c('custom', 'Custom', 'INJECTED'),
    ]
    list[1] = { ...list[1]!, type: 'EXTERNAL', id: 'feat' }
    const ordered = orderConnectors(list, { recentIds: ['RECENT'], featuredIds: ['feat'] })
    expect(ordered.map((i) => [i.connector.id, i.group])).toEqual([
      ['wc', 'walletConnect'],
      ['recent', 'recent'],
      ['inj', 'injected'],
      ['custom', 'injected'],
      ['feat', 'featured'],
      ['ext', 'external'],
    ])
    expect(ordered[1]!.recent).toBe(true)
  })

  test('a recent wallet matches by rdns and recent ones keep their recency order', () => {
    const a = { ...c('uuid-a', 'A', 'ANNOUNCED'), info: { rdns: 'com.a' } }
    const b = { ...c('uuid-b', 'B', 'ANNOUNCED'), info: { rdns: 'com.b' } }
    const ordered = orderConnectors([a, b], { recentIds: ['com.b', 'com.a'] })
    expect(ordered.map((i) => i.connector.id)).toEqual(['uuid-b', 'uuid-a'])
  })

  test('auth connectors are not listed as wallets', () => {
    expect(orderConnectors([c('auth', 'Auth', 'AUTH')])).toEqual([])
  })
})

describe('SPEC §9 Connect method order', () => {
  test('rule: email, social, wallet', () => {
    expect(connectMethodOrder([c('wc', 'WC', 'WALLET_CONNECT')])).toEqual(['email', 'social', 'wallet'])
  })
  test('rule: wallet comes first when an injected wallet is found', () => {
    expect(connectMethodOrder([c('x', 'X', 'ANNOUNCED')])).toEqual(['wallet', 'email', 'social'])
  })
})
