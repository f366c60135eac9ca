import { describe, expect, test } from 'vitest'
import { createEip1193Shell } from './eip1193Shell.js'

function fakeLink() {
  const calls: string[] = []
  let chainId: number | undefined = 1
  const link = {
    accounts: () => (chainId === undefined ? [] : ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']),
    chainId: () => chainId,
    async switchChain(target: number) {
      calls.push(`switch ${target}`)
      chainId = target
    },
    addChainRefusal: 'no chains added here',
    async request(method: string, params: unknown) {
      calls.push(`${method} ${JSON.stringify(params)}`)
      return 'answer'
    },
  }
  return { link, calls, signOut: () => void (chainId = undefined) }
}

describe('the EIP-1193 shell', () => {
  test("default: accounts and chain from the link's state; any other method to the link", async () => {
    const { link, calls } = fakeLink()
    const provider = createEip1193Shell(link, { isTest: true })
    expect(provider.isTest).toBe(true)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await provider.request({ method: 'eth_getBalance', params: ['0x01', 'latest'] })).toBe('answer')
    expect(calls).toEqual(['eth_getBalance ["0x01","latest"]'])
  })

  test('behavior: a switch goes through the link and is announced (chainChanged); listeners come and go', async () => {
    const { link, calls } = fakeLink()
    const provider = createEip1193Shell(link, {})
    const changes: unknown[] = []
    const listener = (chainId: unknown) => changes.push(chainId)
    provider.on('chainChanged', listener)
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x89')
    provider.removeListener('chainChanged', listener)
    provider.emit('chainChanged', '0x1')
    expect(changes).toEqual(['0x89'])
    expect(calls).toEqual(['switch 137'])
  })

  test('error: EIP-1193 codes: no hex chainId -32602, adding a chain 4200, no chain 4900', async () => {
    const { link, signOut } = fakeLink()
    const provider = createEip1193Shell(link, {})
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{}] })).rejects.toMatchObject({ code: -32602 })
    await expect(provider.request({ method: 'wallet_addEthereumChain', params: [] })).rejects.toMatchObject({ code: 4200, message: 'no chains added here' })
    signOut()
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })
})
