import { SafeSmartAccount } from 'permissionless/accounts/safe'
import { getAddress, type Address, type PublicClient } from 'viem'
import { toAccount } from 'viem/accounts'
import { verifyDeviceProof } from '../auth/dpop.js'
import { authenticate, tokenOf, type Session } from '../auth/sessions.js'
import { AuthError, authOf } from '../auth/state.js'
import type { SmartAccountChain } from '../config/smartAccounts.js'
import type { ServerContext } from '../context.js'

/**
 * Who asks for sponsorship: the signed-in embedded-wallet user, proven the way every frame call is
 * (auth/dpop.ts: a DPoP proof by the device key over this method, URL and body, and the session's
 * token bound to that key), and the one smart account that user may have sponsored on a chain: the
 * Safe of their embedded key, as the secure frame builds it (permissionless' toSafeSmartAccount on the
 * chain's configured contracts, the key its only owner). Its address is the same before and after
 * deployment (CREATE2 from the configured factory), so no other account, and no account built by
 * another factory or with other owners, matches.
 */
export interface SponsoredUser {
  session: Session
  /** The user's embedded EOA (the Safe's owner). */
  owner: Address
}

export async function sponsoredUser(
  ctx: ServerContext,
  request: { method: string; path: string; body: string | undefined; authorization: string | undefined; dpop: string | undefined; projectId: string },
): Promise<SponsoredUser> {
  const auth = authOf(ctx)
  if (!auth) throw new AuthError(403, 'Gas sponsorship is only for the embedded wallet, which this server does not run')
  const accessToken = tokenOf(request.authorization)
  if (!accessToken) throw new AuthError(401, 'Not signed in')
  const device = await verifyDeviceProof(auth, {
    proof: request.dpop,
    method: request.method,
    url: new URL(request.path, ctx.config.publicUrl).href,
    body: request.body,
    accessToken,
  })
  const session = await authenticate(auth, accessToken, device, request.projectId)
  const [wallet] = await ctx.db.query<{ addresses: unknown }>('select addresses from auth_wallets where user_id = $1', [session.userId])
  const addresses = (typeof wallet?.addresses === 'string' ? JSON.parse(wallet.addresses) : wallet?.addresses) as Record<string, string> | undefined
  if (!addresses?.eip155) throw new AuthError(403, 'This user has no embedded wallet yet')
  return { session, owner: getAddress(addresses.eip155) }
}

const refuse = async (): Promise<never> => {
  throw new Error('the server never signs for a smart account')
}

/** Computed addresses by chain and owner (one eth_call per chain for the factory's proxy code, then pure CREATE2). */
const addresses = new Map<string, Promise<Address>>()
const MAX_CACHED = 10_000

/** The Safe the secure frame builds for `owner` on this chain. */
export function ownSmartAccount(p: { caip2: string; chain: SmartAccountChain; client: PublicClient; owner: Address }): Promise<Address> {
  const key = `${p.caip2}:${p.owner}:${p.chain.safe.proxyFactory}:${p.chain.safe.singleton}`
  let found = addresses.get(key)
  if (!found) {
    const { safe, entryPoint } = p.chain
    found = SafeSmartAccount.toSafeSmartAccount({
      client: p.client,
      owners: [toAccount({ address: p.owner, signMessage: refuse, signTransaction: refuse, signTypedData: refuse })],
      version: '1.4.1',
      entryPoint: { address: entryPoint as Address, version: '0.7' },
      safe4337ModuleAddress: safe.module4337 as Address,
      safeProxyFactoryAddress: safe.proxyFactory as Address,
      safeSingletonAddress: safe.singleton as Address,
      safeModuleSetupAddress: safe.moduleSetup as Address,
      multiSendAddress: safe.multiSend as Address,
      multiSendCallOnlyAddress: safe.multiSendCallOnly as Address,
    }).then((account) => account.address)
    found.catch(() => addresses.delete(key))
    if (addresses.size >= MAX_CACHED) addresses.delete(addresses.keys().next().value!)
    addresses.set(key, found)
  }
  return found
}
