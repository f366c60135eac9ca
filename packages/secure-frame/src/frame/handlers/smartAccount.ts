import { frameUser, type RequestHandlers } from '../session.js'

type SmartAccountKind = 'GET_SMART_ACCOUNT_ENABLED_NETWORKS' | 'INIT_SMART_ACCOUNT' | 'SET_PREFERRED_ACCOUNT'

/** The account type: EOA or smart account. Smart-account routing belongs here. */
export const smartAccountHandlers: RequestHandlers<SmartAccountKind> = {
  async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
    return { smartAccountEnabledNetworks: [] }
  },
  async INIT_SMART_ACCOUNT(session) {
    // Smart-account deployment is not built yet: the EOA answers (README).
    return { address: frameUser(session).accounts[0]!.address, isDeployed: false }
  },
  async SET_PREFERRED_ACCOUNT(session, { type }) {
    const { wallet } = session
    const address = frameUser(session).accounts[0]!.address
    await wallet.api.call('/auth/account-type', { body: { type }, auth: true })
    if (wallet.user) wallet.user.preferredAccountType = type
    return { type, address }
  },
}
