import type { View } from '@portico/core'
import type { MessageKey } from '@portico/core/i18n'
import { lazy, type ComponentType } from 'react'
import Connect from '../views/Connect/Connect.js'
import ConnectWallets from '../views/ConnectWallets/ConnectWallets.js'

/** One entry per view: its component and the header title's message key (none shows no title). */
export interface ViewEntry {
  component: ComponentType
  title?: MessageKey
}

/**
 * The modal's views (SPEC §2 'Views'). Each view is its own lazily loaded chunk (ARCHITECTURE: 'each view is a
 * lazy chunk'), except Connect, the first view: it comes with the modal's chunk, so that the first open paints the
 * list in the same frame as the dialog instead of after a second fetch (and ConnectWallets, the same list under
 * another title).
 */
export const views: Record<View, ViewEntry> = {
  Connect: { component: Connect, title: 'title.Connect' },
  ConnectingExternal: { component: lazy(() => import('../views/ConnectingExternal/ConnectingExternal.js')) },
  ConnectingWalletConnect: { component: lazy(() => import('../views/ConnectingWalletConnect/ConnectingWalletConnect.js')), title: 'title.WalletConnect' },
  ConnectingWalletConnectBasic: {
    component: lazy(() => import('../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js')),
    title: 'title.WalletConnect',
  },
  AllWallets: { component: lazy(() => import('../views/AllWallets/AllWallets.js')), title: 'title.AllWallets' },
  Account: { component: lazy(() => import('../views/Account/Account.js')) },
  Networks: { component: lazy(() => import('../views/Networks/Networks.js')), title: 'title.Networks' },
  SwitchNetwork: { component: lazy(() => import('../views/SwitchNetwork/SwitchNetwork.js')), title: 'title.SwitchNetwork' },
  SwitchActiveChain: { component: lazy(() => import('../views/SwitchActiveChain/SwitchActiveChain.js')), title: 'title.SwitchNetwork' },
  WalletSend: { component: lazy(() => import('../views/WalletSend/WalletSend.js')), title: 'title.WalletSend' },
  WalletSendSelectToken: { component: lazy(() => import('../views/WalletSendSelectToken/WalletSendSelectToken.js')), title: 'title.SelectToken' },
  WalletSendPreview: { component: lazy(() => import('../views/WalletSendPreview/WalletSendPreview.js')), title: 'title.WalletSendPreview' },
  WalletReceive: { component: lazy(() => import('../views/WalletReceive/WalletReceive.js')), title: 'title.WalletReceive' },
  UnsupportedChain: { component: lazy(() => import('../views/UnsupportedChain/UnsupportedChain.js')), title: 'title.SwitchNetwork' },
  ProfileWallets: { component: lazy(() => import('../views/ProfileWallets/ProfileWallets.js')), title: 'title.ProfileWallets' },
  ConnectWallets: { component: ConnectWallets, title: 'title.ConnectWallets' },
  SIWXSignMessage: { component: lazy(() => import('../views/SIWXSignMessage/SIWXSignMessage.js')), title: 'title.SignIn' },
  DataCapture: { component: lazy(() => import('../views/DataCapture/DataCapture.js')), title: 'title.DataCapture' },
  RegisterAccountName: { component: lazy(() => import('../views/RegisterAccountName/RegisterAccountName.js')), title: 'title.RegisterAccountName' },
  RegisterAccountNameSuccess: {
    component: lazy(() => import('../views/RegisterAccountNameSuccess/RegisterAccountNameSuccess.js')),
    title: 'title.RegisterAccountNameSuccess',
  },
  OnRampTokenSelect: { component: lazy(() => import('../views/OnRampTokenSelect/OnRampTokenSelect.js')), title: 'title.Buy' },
  OnRampFiatSelect: { component: lazy(() => import('../views/OnRampFiatSelect/OnRampFiatSelect.js')), title: 'title.OnRampFiatSelect' },
  OnRampProviders: { component: lazy(() => import('../views/OnRampProviders/OnRampProviders.js')), title: 'title.Buy' },
  EmailLogin: { component: lazy(() => import('../views/EmailLogin/EmailLogin.js')), title: 'title.EmailLogin' },
  ConnectingSocial: { component: lazy(() => import('../views/ConnectingSocial/ConnectingSocial.js')), title: 'title.SignIn' },
  ConnectingFarcaster: { component: lazy(() => import('../views/ConnectingFarcaster/ConnectingFarcaster.js')), title: 'title.Farcaster' },
  UpdateEmailWallet: { component: lazy(() => import('../views/UpdateEmailWallet/UpdateEmailWallet.js')), title: 'title.UpdateEmailWallet' },
  ApproveTransaction: { component: lazy(() => import('../views/ApproveTransaction/ApproveTransaction.js')), title: 'title.ApproveTransaction' },
  WalletSecurity: { component: lazy(() => import('../views/WalletSecurity/WalletSecurity.js')), title: 'title.WalletSecurity' },
  EmbeddedFactor: { component: lazy(() => import('../views/EmbeddedFactor/EmbeddedFactor.js')), title: 'title.EmbeddedFactor' },
  Swap: { component: lazy(() => import('../views/Swap/Swap.js')), title: 'title.Swap' },
  SwapSelectToken: { component: lazy(() => import('../views/SwapSelectToken/SwapSelectToken.js')), title: 'title.SelectToken' },
  SwapPreview: { component: lazy(() => import('../views/SwapPreview/SwapPreview.js')), title: 'title.SwapPreview' },
}
