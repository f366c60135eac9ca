import {
  createEip1193Shell,
  eip1193Error,
  ErrorText,
  ProviderErrorCode,
  RpcCallNotAllowedError,
  UserRejectedRequestError,
  type EmbeddedWalletUser,
} from '@portico/core'
import * as v from 'valibot'
import { isAllowedRpcMethod, SendCallsParamsSchema } from './protocol/index.js'
import type { EmbeddedFamily } from './family.js'
import type { FrameRequestError } from './frameTransport.js'

/** EVM's link to the secure frame (families.ts): the facade follows the user's account and chain. */
export const eip155Family: EmbeddedFamily = {
  namespace: 'eip155',
  link({ user, transport, rpc }) {
    let chainId: number | undefined
    const provider = createEip155Provider({
      address: () => addressOf(user()),
      chainId: () => chainId,
      async switchNetwork(target) {
        const result = await transport.request('SWITCH_NETWORK', { chainId: target })
        chainId = Number(result.chainId)
      },
      rpc,
    })
    return {
      provider,
      userChanged(before, change) {
        if (change === 'notConnected') {
          if (before) provider.emitAccounts(undefined)
          return
        }
        const next = user()
        if (change !== 'read' || !next) return
        const parsed = Number(next.chainId)
        if (Number.isSafeInteger(parsed)) chainId = parsed
        if (addressOf(before) && addressOf(before) !== addressOf(next)) provider.emitAccounts(addressOf(next))
      },
    }
  },
}

/**
 * The eip155 account that acts: the frame's accounts[0] (its smart account where that is active,
 * else the EOA); `addresses.eip155` is always the EOA, the key's own address.
 */
function addressOf(user: EmbeddedWalletUser | undefined): string | undefined {
  return user?.accounts?.[0]?.address ?? user?.addresses?.eip155 ?? user?.address
}

/** What the facade needs of the frame client. */
export interface Eip155FrameLink {
  address(): string | undefined
  chainId(): number | undefined
  switchNetwork(chainId: number): Promise<void>
  rpc(method: string, params: unknown, chainId: number | undefined): Promise<unknown>
}

/**
 * The embedded wallet as an EIP-1193 provider (core's shell over the frame), so the EVM adapter
 * treats it like any browser wallet and Account and send work unchanged. Accounts and chain are
 * answered from the frame's user; every other method goes to the frame as RPC_REQUEST, where safe
 * reads are answered silently and unsafe methods wait for the user on the approval screen (SPEC §6).
 */
export function createEip155Provider(link: Eip155FrameLink) {
  const shell = createEip1193Shell(
    {
      accounts() {
        const address = link.address()
        return address ? [address] : []
      },
      chainId: () => link.chainId(),
      switchChain: (target) =>
        link.switchNetwork(target).catch((error) => {
          throw toEip1193Error(error)
        }),
      addChainRefusal: 'The embedded wallet uses the networks the host configured',
      async request(method, params) {
        switch (method) {
          case 'wallet_revokePermissions':
            // EIP-2255's disconnect (eth_accounts): core signs the frame out itself.
            if (isAccountsPermission(params)) return null
            throw eip1193Error(ProviderErrorCode.unsupportedMethod, ErrorText.smartSessionsUnsupported)
          case 'wallet_grantPermissions':
            // ERC-7715 smart sessions are not offered (the smartSessions feature stays off).
            throw eip1193Error(ProviderErrorCode.unsupportedMethod, ErrorText.smartSessionsUnsupported)
          case 'wallet_sendCalls':
            // SPEC §5's rule before the frame (which checks it again: it trusts no host).
            if (!v.is(SendCallsParamsSchema, params)) throw eip1193Error(ProviderErrorCode.invalidParams, ErrorText.invalidBatchedCalls)
            break
        }
        if (!isAllowedRpcMethod(method)) throw new RpcCallNotAllowedError()
        try {
          return await link.rpc(method, params, link.chainId())
        } catch (error) {
          throw toEip1193Error(error)
        }
      },
    },
    { isPorticoEmbedded: true },
  )
  return Object.assign(shell, {
    /** The frame changed the account (preferred account type) or the session ended. */
    emitAccounts(address: string | undefined) {
      shell.emit('accountsChanged', address ? [address] : [])
      if (!address) shell.emit('disconnect', eip1193Error(4900, 'The embedded wallet signed out'))
    },
  })
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
  if (typeof code === 'number') return eip1193Error(code, message ?? 'The embedded wallet request failed')
  return error instanceof Error ? error : new Error(String(error))
}
