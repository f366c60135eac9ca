import { describe, expect, test, vi } from 'vitest'
import { UserRejectedRequestError } from '../errors/connector.js'
import { ProviderRpcError } from '../errors/provider.js'
import { connectReadDone } from '../test/callsWallet.js'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { closeModal } from './closeModal.js'
import { connectExternal } from './connectExternal.js'
import { disconnect } from './disconnect.js'
import { getProvider } from './getProvider.js'
import { initialize } from './initialize.js'

/** A wallet's EIP-1193 provider as the adapter hands it out: records requests, answers from a script. */
function scriptedWallet(answer: (method: string, params: unknown) => unknown = () => '0xresult') {
  const requests: Array<{ method: string; params?: unknown }> = []
  return {
    requests,
    async request(args: { method: string; params?: unknown }) {
      requests.push(args)
      return answer(args.method, args.params)
    },
  }
}

async function connected(wallet = scriptedWallet(), overrides: Parameters<typeof testPortico>[0] = {}) {
  const setup = testPortico(overrides)
  ;(setup.adapter as { getProvider?: (id: string) => unknown }).getProvider = () => wallet
  await initialize(setup.portico)
  await connectExternal(setup.portico, { connectorId: 'dev.portico.testwallet' })
  await connectReadDone(setup.portico, wallet)
  return { ...setup, wallet }
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProviderRpcError)
  return (error as ProviderRpcError).code
}

describe('getProvider', () => {
  test('default: undefined while disconnected, one stable provider once connected', async () => {
    const { portico, adapter } = testPortico()
    ;(adapter as { getProvider?: () => unknown }).getProvider = () => scriptedWallet()
    await initialize(portico)
    expect(getProvider(portico, 'eip155')).toBeUndefined()
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    const provider = getProvider(portico, 'eip155')!
    expect(provider).toBeDefined()
    expect(portico.getProvider('eip155')).toBe(provider)
    expect(getProvider(portico, 'solana')).toBeUndefined()
  })

  test('behavior: accounts and chain come from Portico; other methods go to the connected wallet', async () => {
    const { portico, wallet } = await connected()
    const provider = getProvider(portico)!
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).toBe('0xresult')
    expect(wallet.requests).toEqual([{ method: 'personal_sign', params: ['0x68', ADDRESS] }])
  })

  test('behavior: emits connect, chainChanged, accountsChanged and disconnect', async () => {
    const { portico, adapter } = await connected()
    const provider = getProvider(portico)!
    const events: unknown[] = []
    for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect'] as const)
      provider.on(name, (payload: unknown) => events.push([name, payload instanceof Error ? (payload as Error & { code: number }).code : payload]))

    adapter.events.chainChanged('dev.portico.testwallet', 'eip155:31338')
    adapter.events.accountsChanged('dev.portico.testwallet', [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }])
    await disconnect(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']],
      ['accountsChanged', []],
      ['disconnect', 4900],
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [ADDRESS]],
    ])
  })

  test('behavior: wallet_switchEthereumChain switches through Portico (stores and wallet agree)', async () => {
    const { portico, adapter } = await connected()
    const provider = getProvider(portico)!
    const changed = vi.fn()
    provider.on('chainChanged', changed)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(adapter.calls).toContain('switch:eip155:31338')
    expect(portico.stores.network.getState().caipNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(changed).toHaveBeenCalledWith('0x7a6a')
  })

  test('error: a wallet rejection reaches the host as 4001, with the code kept', async () => {
    const wallet = scriptedWallet(() => {
      throw Object.assign(new Error('User denied'), { code: 4001 })
    })
    const { portico } = await connected(wallet)
    expect(await codeOf(getProvider(portico)!.request({ method: 'eth_sendTransaction', params: [{}] }))).toBe(4001)
  })

  test('error: typed Portico errors, bare strings and unknown errors all get codes', async () => {
    let thrown: unknown = new UserRejectedRequestError()
    const { portico } = await connected(
      scriptedWallet(() => {
        throw thrown
      }),
    )
    const provider = getProvider(portico)!
    expect(await codeOf(provider.request({ method: 'personal_sign' }))).toBe(4001)
    thrown = 'bare string'
    const error = await provider.request({ method: 'personal_sign' }).catch((e: ProviderRpcError) => e)
    expect(error).toMatchObject({ code: -32603, message: 'bare string' })
    thrown = Object.assign(new Error('nope'), { code: 4200 })
    expect(await codeOf(provider.request({ method: 'eth_foo' }))).toBe(4200)
  })

  test('error: a declined switch is 4001; a chain the site did not configure is 4902', async () => {
    const { portico, adapter } = await connected()
    const provider = getProvider(portico)!
    adapter.switchResult = async () => {
      throw new UserRejectedRequestError()
    }
    expect(await codeOf(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }))).toBe(4001)
    expect(await codeOf(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))).toBe(4902)
    expect(await codeOf(provider.request({ method: 'wallet_switchEthereumChain', params: [] }))).toBe(-32602)
  })

  test('error: after a disconnect a kept provider answers 4900 and eth_accounts is empty', async () => {
    const { portico } = await connected()
    const provider = getProvider(portico)!
    await disconnect(portico)
    expect(getProvider(portico)).toBeUndefined()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await codeOf(provider.request({ method: 'eth_chainId' }))).toBe(4900)
    expect(await codeOf(provider.request({ method: 'personal_sign', params: [] }))).toBe(4900)
  })

  test('error: on a chain the site does not support, sending is 4901 (unsupported-chain rule)', async () => {
    const { portico, adapter, wallet } = await connected()
    const provider = getProvider(portico)!
    adapter.events.chainChanged('dev.portico.testwallet', 'eip155:1')
    expect(portico.stores.network.getState().unsupported).toBe(true)
    expect(await codeOf(provider.request({ method: 'eth_sendTransaction', params: [{}] }))).toBe(4901)
    expect(wallet.requests).toEqual([])
    // Reading is still allowed, and the host may opt in to unsupported chains.
    expect(await provider.request({ method: 'eth_call', params: [{}] })).toBe('0xresult')
  })

  test('behavior: with allowUnsupportedChain the wallet decides', async () => {
    const { portico, adapter } = await connected(scriptedWallet(), { allowUnsupportedChain: true })
    adapter.events.chainChanged('dev.portico.testwallet', 'eip155:1')
    expect(await getProvider(portico)!.request({ method: 'eth_sendTransaction', params: [{}] })).toBe('0xresult')
  })

  test('behavior: eth_requestAccounts while disconnected opens the modal; closing it is 4001', async () => {
    const { portico, adapter } = testPortico()
    ;(adapter as { getProvider?: () => unknown }).getProvider = () => scriptedWallet()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    const provider = getProvider(portico)!
    await disconnect(portico)
    const asked = provider.request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(portico.stores.modal.getState().open).toBe(true))
    expect(portico.stores.router.getState().view).toBe('Connect')
    closeModal(portico)
    expect(await codeOf(asked)).toBe(4001)
    const again = provider.request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(portico.stores.modal.getState().open).toBe(true))
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(await again).toEqual([ADDRESS])
  })
})

describe('getProvider: lifetime', () => {
  test('behavior: a kept provider still emits after the instance was destroyed and initialized again (StrictMode remount)', async () => {
    const { portico } = await connected()
    const provider = getProvider(portico)!
    const seen: unknown[] = []
    provider.on('disconnect', () => seen.push('disconnect'))
    portico.destroy()
    await initialize(portico)
    await disconnect(portico)
    expect(seen).toEqual(['disconnect'])
  })
})
