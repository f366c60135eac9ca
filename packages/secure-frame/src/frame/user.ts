import { activeAddress, activeSmartAccount, preferredAccountType } from './activeAccount.js'
import { ApiError, type Tokens } from './api.js'
import { namespaceOf } from './rpc/context.js'
import { keyFamilies } from './rpc/index.js'
import type { FrameSession } from './session.js'

/** The signed-in user as the host may know it (addresses and settings, never a key). */
export function frameUser(session: FrameSession) {
  const { wallet, chainId } = session
  const keys = wallet.keys
  if (!keys || !wallet.user) throw new ApiError('Not signed in', 401)
  // eip155: the smart account where it is active (activeAccount.ts), else the EOA.
  const evm = activeAddress(session, keys.keys.addresses.eip155)
  // Another family's chain: that family's address (keys.ts derives one per namespace), on that network where it
  // depends on it (bip122: the network's payment address; addresses.bip122 is the mainnet one the server keeps).
  const namespace = namespaceOf(chainId)
  const secret = keys.keys.secretKeys[namespace]
  const onChain = secret && Object.hasOwn(keyFamilies, namespace) ? keyFamilies[namespace]!.addressOn?.(secret, String(chainId)) : undefined
  const address = namespace === 'eip155' ? evm : (onChain ?? keys.keys.addresses[namespace] ?? evm)
  return {
    email: wallet.user.email,
    address,
    chainId,
    accounts: [{ address: evm, type: evm === keys.keys.addresses.eip155 ? ('eoa' as const) : ('smartAccount' as const) }],
    addresses: { ...keys.keys.addresses },
    userName: wallet.user.userName,
    preferredAccountType: preferredAccountType(session) ?? wallet.user.preferredAccountType,
  }
}

export async function signedIn(session: FrameSession, tokens: Tokens) {
  await session.wallet.signedIn(tokens)
  await activeSmartAccount(session)
  return frameUser(session)
}
