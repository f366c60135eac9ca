import { ErrorText, ProviderErrorCode, RpcCallNotAllowedError, UserRejectedRequestError } from '@portico/core'
import * as v from 'valibot'
import { isAllowedRpcMethod, SendCallsParamsSchema } from './protocol/index.js'
import type { FrameRequestError } from './frameTransport.js'

type Listener = (...args: unknown[]) => void

/** What the facade needs of the frame client. */
export interface Eip155FrameLink {
  address(): string | undefined
  chainId(): number | undefined
  switchNetwork(chainId: number): Promise<void>
  rpc(method: string, params: unknown, chainId: number | undefined): Promise<unknown>
}

/** An EIP-1193 error the EVM adapter maps by its code. */
function rpcError(code: number, message: string) {
  return Object.assign(new Error(message), { code })
}

/**
 * The embedded wallet as an EIP-1193 provider, so the EVM adapter treats it like any browser
 * wallet and Account and send work unchanged. Accounts and chain are answered from the frame's
 * user; every other method goes to the frame as RPC_REQUEST, where safe reads are answered
 * silently and unsafe methods wait for the user on the approval screen (SPEC §6).
 */
export function createEip155Provider(link: Eip155FrameLink) {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args))
  const hex = (n: number) => `0x${n.toString(16)}`

  const provider = {
    isPorticoEmbedded: true,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts': {
          const address = link.address()
          return address ? [address] : []
        }
        case 'eth_chainId': {
          const chainId = link.chainId()
          if (chainId === undefined) throw rpcError(4900, 'The embedded wallet is not connected')
          return hex(chainId)
        }
        case 'wallet_switchEthereumChain': {
          const target = Number.parseInt((params as [{ chainId: string }] | undefined)?.[0]?.chainId ?? '', 16)
          if (!Number.isSafeInteger(target)) throw rpcError(-32602, 'wallet_switchEthereumChain needs a hex chainId')
          await link.switchNetwork(target).catch((error) => {
            throw toEip1193Error(error)
          })
          emit('chainChanged', hex(target))
          return null
        }
        case 'wallet_addEthereumChain':
          throw rpcError(4200, 'The embedded wallet uses the networks the host configured')
        case 'wallet_revokePermissions':
          // EIP-2255's disconnect (eth_accounts): core signs the frame out itself.
          if (isAccountsPermission(params)) return null
          throw rpcError(ProviderErrorCode.unsupportedMethod, ErrorText.smartSessionsUnsupported)
        case 'wallet_grantPermissions':
          // ERC-7715 smart sessions are not offered (the smartSessions feature stays off).
          throw rpcError(ProviderErrorCode.unsupportedMethod, ErrorText.smartSessionsUnsupported)
        case 'wallet_sendCalls':
          // SPEC §5's rule before the frame (which checks it again: it trusts no host).
          if (!v.is(SendCallsParamsSchema, params)) throw rpcError(ProviderErrorCode.invalidParams, ErrorText.invalidBatchedCalls)
          break
      }
      if (!isAllowedRpcMethod(method)) throw new RpcCallNotAllowedError()
      try {
        return await link.rpc(method, params, link.chainId())
      } catch (error) {
        throw toEip1193Error(error)
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
    /** The frame changed the account (preferred account type) or the session ended. */
    emitAccounts(address: string | undefined) {
      emit('accountsChanged', address ? [address] : [])
      if (!address) emit('disconnect', rpcError(4900, 'The embedded wallet signed out'))
    },
  }
  return provider
}
export type Eip155Provider = ReturnType<typeof createEip155Provider>

function isAccountsPermission(params: unknown) {
  const first = Array.isArray(params) ? params[0] : undefined
  return typeof first === 'object' && first !== null && 'eth_accounts' in first
}

/**
 * The frame's error replies become EIP-1193 errors, by their code only (the frame answers every
 * refusal with one): 4200 is 'Requested RPC call is not allowed', the UI's 'Action not allowed';
 * 4001 is the user's no on the approval screen or 'Request was aborted', a user rejection.
 */
export function toEip1193Error(error: unknown): Error {
  const { message, code } = error as Partial<FrameRequestError>
  if (code === ProviderErrorCode.unsupportedMethod) return new RpcCallNotAllowedError({ cause: error })
  if (code === ProviderErrorCode.userRejectedRequest) return new UserRejectedRequestError({ cause: error, details: message })
  if (typeof code === 'number') return rpcError(code, message ?? 'The embedded wallet request failed')
  return error instanceof Error ? error : new Error(String(error))
}
