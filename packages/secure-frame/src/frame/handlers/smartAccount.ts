import { activeSmartAccount, smartAccountNetworks } from '../activeAccount.js'
import type { RequestHandlers } from '../session.js'
import { frameUser } from '../user.js'

type SmartAccountKind = 'GET_SMART_ACCOUNT_ENABLED_NETWORKS' | 'INIT_SMART_ACCOUNT' | 'SET_PREFERRED_ACCOUNT'

/** The account type: EOA or smart account (activeAccount.ts decides which one acts; smartAccount.ts builds it). */
export const smartAccountHandlers: RequestHandlers<SmartAccountKind> = {
  async GET_SMART_ACCOUNT_ENABLED_NETWORKS(session) {
    return { smartAccountEnabledNetworks: (await smartAccountNetworks(session)).smartAccountEnabledNetworks }
  },
  async INIT_SMART_ACCOUNT(session) {
    // The counterfactual address before deployment: the factory's CREATE2 address for this owner.
    const smart = await activeSmartAccount(session)
    return smart ? { address: smart.address, isDeployed: await smart.isDeployed() } : { address: frameUser(session).accounts[0]!.address, isDeployed: false }
  },
  async SET_PREFERRED_ACCOUNT(session, { type }) {
    const { wallet } = session
    await wallet.api.call('/auth/account-type', { body: { type }, auth: true })
    if (wallet.user) wallet.user.preferredAccountType = type
    session.accountType = type
    await activeSmartAccount(session)
    return { type, address: frameUser(session).accounts[0]!.address }
  },
}
