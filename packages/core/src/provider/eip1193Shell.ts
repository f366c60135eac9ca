import { ProviderErrorCode } from '../spec/catalogue.js'

type Listener = (...args: unknown[]) => void

/** An EIP-1193 error (a plain Error with its `code`) that the EVM adapter maps by code. */
export function eip1193Error(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

/**
 * What a transport gives the EIP-1193 shell: the accounts and chain it answers from its own state,
 * the switch over its own link, and every other request. Each link speaks its own wire
 * (a WalletConnect session, the secure frame) and owns its refusals and error mapping.
 */
export interface Eip1193Link {
  accounts(): readonly string[]
  /** The chain the link acts on; undefined while it has none (eth_chainId then answers 4900). */
  chainId(): number | undefined
  /** wallet_switchEthereumChain to `chainId`; the shell tells the listeners (chainChanged) after it. */
  switchChain(chainId: number): Promise<void>
  /** Why the link adds no chains (wallet_addEthereumChain is refused with 4200). */
  addChainRefusal: string
  /** Every other method. */
  request(method: string, params: unknown): Promise<unknown>
}

/**
 * An EIP-1193 provider over a transport's link, so the EVM adapter treats a WalletConnect session
 * or the embedded wallet like any browser wallet: accounts and chain are answered from the link's
 * state, a switch goes through the link and is announced, `emit` is the link's way to tell the
 * listeners (accountsChanged, chainChanged, disconnect).
 */
export function createEip1193Shell<Flags extends Record<string, unknown>>(link: Eip1193Link, flags: Flags) {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const hex = (n: number) => `0x${n.toString(16)}`
  return {
    ...flags,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [...link.accounts()]
        case 'eth_chainId': {
          const chainId = link.chainId()
          if (chainId === undefined) throw eip1193Error(ProviderErrorCode.disconnected, 'The wallet is not connected')
          return hex(chainId)
        }
        case 'wallet_switchEthereumChain': {
          const target = Number.parseInt((params as [{ chainId?: string }] | undefined)?.[0]?.chainId ?? '', 16)
          if (!Number.isSafeInteger(target)) throw eip1193Error(ProviderErrorCode.invalidParams, 'wallet_switchEthereumChain needs a hex chainId')
          await link.switchChain(target)
          emit('chainChanged', hex(target))
          return null
        }
        case 'wallet_addEthereumChain':
          throw eip1193Error(ProviderErrorCode.unsupportedMethod, link.addChainRefusal)
        default:
          return link.request(method, params)
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
    emit,
  }
}
export type Eip1193Shell = ReturnType<typeof createEip1193Shell>
