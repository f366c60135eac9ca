import { cancelFactorScreen } from '../factorScreens.js'
import { activeSmartAccount } from '../activeAccount.js'
import type { RequestHandlers } from '../session.js'
import { frameUser } from '../user.js'
import { setFrameLocale } from '../i18n/index.js'

type SessionKind = 'SWITCH_NETWORK' | 'GET_USER' | 'SIGN_OUT' | 'IS_CONNECTED' | 'GET_CHAIN_ID' | 'SYNC_THEME' | 'SYNC_LOCALE' | 'SYNC_DAPP_DATA' | 'RELOAD'

/** The signed-in session: who, on which chain, for which site; sign-out and restore. */
export const sessionHandlers: RequestHandlers<SessionKind> = {
  async SWITCH_NETWORK(session, { chainId }) {
    session.chainId = chainId
    return { chainId }
  },
  async GET_USER(session, { chainId, preferredAccountType }) {
    if (chainId !== undefined) session.chainId = chainId
    if (preferredAccountType) session.accountType = preferredAccountType
    if (session.wallet.keys) await activeSmartAccount(session)
    return frameUser(session)
  },
  async SIGN_OUT({ approvals, wallet }) {
    approvals.abortAll()
    cancelFactorScreen()
    await wallet.signOut()
    return {}
  },
  async IS_CONNECTED({ wallet }) {
    return { isConnected: wallet.connected }
  },
  async GET_CHAIN_ID({ chainId }) {
    return { chainId }
  },
  async SYNC_THEME(_session, { themeMode }) {
    document.documentElement.dataset.theme = themeMode
    return {}
  },
  /** Only a code from Locales (checked by the protocol and again here): the words are the frame's own. */
  async SYNC_LOCALE(_session, { locale }) {
    await setFrameLocale(locale)
    return {}
  },
  async SYNC_DAPP_DATA(session, { metadata }) {
    if (metadata?.name) session.dappName = metadata.name.slice(0, 80)
    return {}
  },
  async RELOAD({ wallet, emit }) {
    if (!(await wallet.restore())) emit('NOT_CONNECTED', {})
    return {}
  },
}
