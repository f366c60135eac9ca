import type { View } from '@portico/core'
import { lazy, type ComponentType } from 'react'
import Connect from '../views/Connect/Connect.js'
import ConnectWallets from '../views/ConnectWallets/ConnectWallets.js'

/** One entry per view: its component and the header title (none shows no title). */
export interface ViewEntry {
  component: ComponentType
  title?: string
}

/**
 * The modal's views (SPEC §2 'Views'). Each view is its own lazily loaded chunk (ARCHITECTURE: 'each view is a
 * lazy chunk'), except Connect, the first view: it comes with the modal's chunk, so that the first open paints the
 * list in the same frame as the dialog instead of after a second fetch (and ConnectWallets, the same list under
 * another title).
 */
export const views: Record<View, ViewEntry> = {
  Connect: { component: Connect, title: 'Connect Wallet' },
  ConnectingExternal: { component: lazy(() => import('../views/ConnectingExternal/ConnectingExternal.js')) },
  ConnectingWalletConnect: { component: lazy(() => import('../views/ConnectingWalletConnect/ConnectingWalletConnect.js')), title: 'WalletConnect' },
  ConnectingWalletConnectBasic: {
    component: lazy(() => import('../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js')),
    title: 'WalletConnect',
  },
  AllWallets: { component: lazy(() => import('../views/AllWallets/AllWallets.js')), title: 'All Wallets' },
  Account: { component: lazy(() => import('../views/Account/Account.js')) },
  Networks: { component: lazy(() => import('../views/Networks/Networks.js')), title: 'Choose Network' },
  SwitchNetwork: { component: lazy(() => import('../views/SwitchNetwork/SwitchNetwork.js')), title: 'Switch Network' },
  SwitchActiveChain: { component: lazy(() => import('../views/SwitchActiveChain/SwitchActiveChain.js')), title: 'Switch Network' },
  WalletSend: { component: lazy(() => import('../views/WalletSend/WalletSend.js')), title: 'Send' },
  WalletSendSelectToken: { component: lazy(() => import('../views/WalletSendSelectToken/WalletSendSelectToken.js')), title: 'Select Token' },
  WalletSendPreview: { component: lazy(() => import('../views/WalletSendPreview/WalletSendPreview.js')), title: 'Review Send' },
  WalletReceive: { component: lazy(() => import('../views/WalletReceive/WalletReceive.js')), title: 'Receive' },
  UnsupportedChain: { component: lazy(() => import('../views/UnsupportedChain/UnsupportedChain.js')), title: 'Switch Network' },
  ProfileWallets: { component: lazy(() => import('../views/ProfileWallets/ProfileWallets.js')), title: 'Wallets' },
  ConnectWallets: { component: ConnectWallets, title: 'Add Wallet' },
  SIWXSignMessage: { component: lazy(() => import('../views/SIWXSignMessage/SIWXSignMessage.js')), title: 'Sign In' },
  DataCapture: { component: lazy(() => import('../views/DataCapture/DataCapture.js')), title: 'Your Email' },
  RegisterAccountName: { component: lazy(() => import('../views/RegisterAccountName/RegisterAccountName.js')), title: 'Choose Name' },
  RegisterAccountNameSuccess: { component: lazy(() => import('../views/RegisterAccountNameSuccess/RegisterAccountNameSuccess.js')), title: 'Name Registered' },
  OnRampTokenSelect: { component: lazy(() => import('../views/OnRampTokenSelect/OnRampTokenSelect.js')), title: 'Buy' },
  OnRampFiatSelect: { component: lazy(() => import('../views/OnRampFiatSelect/OnRampFiatSelect.js')), title: 'Pay With' },
  OnRampProviders: { component: lazy(() => import('../views/OnRampProviders/OnRampProviders.js')), title: 'Buy' },
  EmailLogin: { component: lazy(() => import('../views/EmailLogin/EmailLogin.js')), title: 'Continue with Email' },
  ConnectingSocial: { component: lazy(() => import('../views/ConnectingSocial/ConnectingSocial.js')), title: 'Sign In' },
  ConnectingFarcaster: { component: lazy(() => import('../views/ConnectingFarcaster/ConnectingFarcaster.js')), title: 'Farcaster' },
  UpdateEmailWallet: { component: lazy(() => import('../views/UpdateEmailWallet/UpdateEmailWallet.js')), title: 'Change Email' },
  ApproveTransaction: { component: lazy(() => import('../views/ApproveTransaction/ApproveTransaction.js')), title: 'Approve Request' },
  WalletSecurity: { component: lazy(() => import('../views/WalletSecurity/WalletSecurity.js')), title: 'Wallet Security' },
  EmbeddedFactor: { component: lazy(() => import('../views/EmbeddedFactor/EmbeddedFactor.js')), title: 'Secure Wallet' },
  Swap: { component: lazy(() => import('../views/Swap/Swap.js')), title: 'Swap' },
  SwapSelectToken: { component: lazy(() => import('../views/SwapSelectToken/SwapSelectToken.js')), title: 'Select Token' },
  SwapPreview: { component: lazy(() => import('../views/SwapPreview/SwapPreview.js')), title: 'Review Swap' },
}
