// @vitest-environment node
/** Reload semantics (localStorage) and EIP-6963 announcement, with minimal browser globals stubbed in node. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceTestWallet, createTestWallet, TEST_WALLET_RDNS } from './index'

// No RPC is needed: these tests never leave the wallet.
const chains = [
  { chainId: 31337, name: 'A', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  { chainId: 31338, name: 'B', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
]

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('persistence', () => {
  it('keeps the connection and chain across a "reload" only while connected', async () => {
    vi.stubGlobal('localStorage', memoryStorage())
    const opts = { chains, autoApprove: true, storageKey: 'ptw', knownChainIds: [31337, 31338] }

    const first = createTestWallet(opts)
    await first.request({ method: 'eth_requestAccounts' })
    await first.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })

    const reloaded = createTestWallet(opts)
    expect(await reloaded.request({ method: 'eth_accounts' })).toEqual([first.address])
    expect(await reloaded.request({ method: 'eth_chainId' })).toBe('0x7a6a')

    await reloaded.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await createTestWallet(opts).request({ method: 'eth_accounts' })).toEqual([])
  })

  it('does not share state without a storageKey', async () => {
    vi.stubGlobal('localStorage', memoryStorage())
    await createTestWallet({ chains, autoApprove: true }).request({ method: 'eth_requestAccounts' })
    expect(await createTestWallet({ chains }).request({ method: 'eth_accounts' })).toEqual([])
  })
})

describe('announceTestWallet', () => {
  it('announces a frozen EIP-6963 detail now and on every requestProvider', () => {
    vi.stubGlobal('window', new EventTarget())
    const provider = createTestWallet({ chains })
    const details: any[] = []
    window.addEventListener('eip6963:announceProvider', (e) => details.push((e as CustomEvent).detail))

    const stop = announceTestWallet(provider)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
    expect(details[0]).toBe(details[1])

    const { info } = details[0]
    expect(Object.isFrozen(details[0]) && Object.isFrozen(info)).toBe(true)
    expect(info).toMatchObject({ name: 'Portico Test Wallet', rdns: TEST_WALLET_RDNS })
    expect(info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(info.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(details[0].provider).toBe(provider)

    stop()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
  })
})
