import type UniversalProvider from '@walletconnect/universal-provider'

type Listener = (...args: unknown[]) => void

/** An EIP-1193 error the EVM adapter maps by its code. */
function rpcError(code: number, message: string) {
  return Object.assign(new Error(message), { code })
}

/**
 * The session's eip155 accounts as an EIP-1193 provider, so the EVM adapter treats a
 * WalletConnect wallet like any browser wallet. Reads of accounts and chain are answered from
 * the session; everything else goes to the wallet.
 */
export function createEip155Provider(provider: UniversalProvider, onWalletRequest: (method: string) => void = () => {}) {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args))
  const namespace = () => provider.session?.namespaces.eip155
  const chains = () => (namespace()?.chains ?? namespace()?.accounts.map((a) => a.split(':').slice(0, 2).join(':')) ?? []) as string[]
  let chainId = Number((provider.namespaces?.eip155?.defaultChain ?? chains()[0] ?? 'eip155:1').split(':')[1])
  // Session accounts are CAIP-10 per chain; the same address usually repeats for each chain.
  const accounts = () => [...new Set((namespace()?.accounts ?? []).map((a) => a.split(':')[2]!))]

  provider.on('session_delete', () => emit('disconnect', rpcError(4900, 'Session ended')))
  provider.on('session_event', (payload: { params?: { event?: { name: string; data: unknown } } }) => {
    const event = payload?.params?.event
    if (event?.name === 'chainChanged') {
      chainId = Number(event.data)
      emit('chainChanged', `0x${chainId.toString(16)}`)
    } else if (event?.name === 'accountsChanged')
      emit(
        'accountsChanged',
        (event.data as string[]).map((a) => a.split(':').pop()),
      )
  })

  return {
    isWalletConnect: true,
    async request({ method, params }: { method: string; params?: unknown }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return accounts()
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const target = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16)
          if (!chains().includes(`eip155:${target}`)) throw rpcError(4902, `Chain ${target} is not in the session`)
          onWalletRequest(method)
          await provider.request({ method, params: params as unknown[] }, `eip155:${chainId}`)
          chainId = target
          provider.setDefaultChain(`eip155:${target}`)
          emit('chainChanged', `0x${target.toString(16)}`)
          return null
        }
        case 'wallet_addEthereumChain':
          throw rpcError(4200, 'Chains cannot be added to a WalletConnect session')
        case 'wallet_revokePermissions':
          await provider.disconnect()
          return null
        default:
          onWalletRequest(method)
          return provider.request({ method, params: params as unknown[] | undefined }, `eip155:${chainId}`)
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
