import { createEip1193Shell, eip1193Error } from '@portico/core'
import type UniversalProvider from '@walletconnect/universal-provider'
import type { WalletConnectFamily } from './family.js'

/** The eip155 methods a session asks for. */
export const EIP155_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  // EIP-5792: batched calls, passed through to wallets that support them.
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
]
const EIP155_EVENTS = ['chainChanged', 'accountsChanged']

/** EVM's link to WalletConnect sessions (families.ts). */
export const eip155Family: WalletConnectFamily = {
  namespace: 'eip155',
  methods: EIP155_METHODS,
  events: EIP155_EVENTS,
  // The generic provider keys eip155 reads by chain id.
  rpcMap: (networks) => Object.fromEntries(networks.map((n) => [String(n.id), n.rpcUrls.default.http[0]!])),
  provider: ({ provider, onWalletRequest }) => createEip155Provider(provider, onWalletRequest),
  // Its chain is the new session's default chain.
  perSession: true,
}

/**
 * The session's eip155 accounts as an EIP-1193 provider (core's shell over the session), so the
 * EVM adapter treats a WalletConnect wallet like any browser wallet. Reads of accounts and chain
 * are answered from the session; everything else goes to the wallet.
 */
export function createEip155Provider(provider: UniversalProvider, onWalletRequest: (method: string) => void = () => {}) {
  const namespace = () => provider.session?.namespaces.eip155
  const chains = () => (namespace()?.chains ?? namespace()?.accounts.map((a) => a.split(':').slice(0, 2).join(':')) ?? []) as string[]
  let chainId = Number((provider.namespaces?.eip155?.defaultChain ?? chains()[0] ?? 'eip155:1').split(':')[1])

  const shell = createEip1193Shell(
    {
      // Session accounts are CAIP-10 per chain; the same address usually repeats for each chain.
      accounts: () => [...new Set((namespace()?.accounts ?? []).map((a) => a.split(':')[2]!))],
      chainId: () => chainId,
      async switchChain(target) {
        if (!chains().includes(`eip155:${target}`)) throw eip1193Error(4902, `Chain ${target} is not in the session`)
        onWalletRequest('wallet_switchEthereumChain')
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${target.toString(16)}` }] }, `eip155:${chainId}`)
        chainId = target
        provider.setDefaultChain(`eip155:${target}`)
      },
      addChainRefusal: 'Chains cannot be added to a WalletConnect session',
      async request(method, params) {
        if (method === 'wallet_revokePermissions') {
          await provider.disconnect()
          return null
        }
        onWalletRequest(method)
        return provider.request({ method, params: params as unknown[] | undefined }, `eip155:${chainId}`)
      },
    },
    { isWalletConnect: true },
  )

  provider.on('session_delete', () => shell.emit('disconnect', eip1193Error(4900, 'Session ended')))
  provider.on('session_event', (payload: { params?: { event?: { name: string; data: unknown } } }) => {
    const event = payload?.params?.event
    if (event?.name === 'chainChanged') {
      chainId = Number(event.data)
      shell.emit('chainChanged', `0x${chainId.toString(16)}`)
    } else if (event?.name === 'accountsChanged')
      shell.emit(
        'accountsChanged',
        (event.data as string[]).map((a) => a.split(':').pop()),
      )
  })
  return shell
}
