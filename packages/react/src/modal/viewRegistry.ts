import type { View } from '@portico/core'
import { lazy, type ComponentType } from 'react'
import Connect from '../views/Connect/Connect.js'
import ConnectWallets from '../views/ConnectWallets/ConnectWallets.js'

/**
 * Each view is its own lazily loaded chunk (ARCHITECTURE: 'each view is a lazy chunk'), except
 * Connect, the first view: it comes with the modal's chunk, so that the first open paints the
 * list in the same frame as the dialog instead of after a second fetch (and ConnectWallets, the
 * same list under another title).
 */
export const viewRegistry: Record<View, ComponentType> = {
  Connect,
  ConnectingExternal: lazy(() => import('../views/ConnectingExternal/ConnectingExternal.js')),
  ConnectingWalletConnect: lazy(() => import('../views/ConnectingWalletConnect/ConnectingWalletConnect.js')),
  ConnectingWalletConnectBasic: lazy(() => import('../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js')),
  AllWallets: lazy(() => import('../views/AllWallets/AllWallets.js')),
  Account: lazy(() => import('../views/Account/Account.js')),
  Networks: lazy(() => import('../views/Networks/Networks.js')),
  SwitchNetwork: lazy(() => import('../views/SwitchNetwork/SwitchNetwork.js')),
  SwitchActiveChain: lazy(() => import('../views/SwitchActiveChain/SwitchActiveChain.js')),
  WalletSend: lazy(() => import('../views/WalletSend/WalletSend.js')),
  WalletSendSelectToken: lazy(() => import('../views/WalletSendSelectToken/WalletSendSelectToken.js')),
  WalletSendPreview: lazy(() => import('../views/WalletSendPreview/WalletSendPreview.js')),
  WalletReceive: lazy(() => import('../views/WalletReceive/WalletReceive.js')),
  UnsupportedChain: lazy(() => import('../views/UnsupportedChain/UnsupportedChain.js')),
  ProfileWallets: lazy(() => import('../views/ProfileWallets/ProfileWallets.js')),
  ConnectWallets,
  SIWXSignMessage: lazy(() => import('../views/SIWXSignMessage/SIWXSignMessage.js')),
  DataCapture: lazy(() => import('../views/DataCapture/DataCapture.js')),
  RegisterAccountName: lazy(() => import('../views/RegisterAccountName/RegisterAccountName.js')),
  RegisterAccountNameSuccess: lazy(() => import('../views/RegisterAccountNameSuccess/RegisterAccountNameSuccess.js')),
  OnRampTokenSelect: lazy(() => import('../views/OnRampTokenSelect/OnRampTokenSelect.js')),
  OnRampFiatSelect: lazy(() => import('../views/OnRampFiatSelect/OnRampFiatSelect.js')),
  OnRampProviders: lazy(() => import('../views/OnRampProviders/OnRampProviders.js')),
  EmailLogin: lazy(() => import('../views/EmailLogin/EmailLogin.js')),
  ConnectingSocial: lazy(() => import('../views/ConnectingSocial/ConnectingSocial.js')),
  ConnectingFarcaster: lazy(() => import('../views/ConnectingFarcaster/ConnectingFarcaster.js')),
  UpdateEmailWallet: lazy(() => import('../views/UpdateEmailWallet/UpdateEmailWallet.js')),
  ApproveTransaction: lazy(() => import('../views/ApproveTransaction/ApproveTransaction.js')),
  WalletSecurity: lazy(() => import('../views/WalletSecurity/WalletSecurity.js')),
  EmbeddedFactor: lazy(() => import('../views/EmbeddedFactor/EmbeddedFactor.js')),
  Swap: lazy(() => import('../views/Swap/Swap.js')),
  SwapSelectToken: lazy(() => import('../views/SwapSelectToken/SwapSelectToken.js')),
  SwapPreview: lazy(() => import('../views/SwapPreview/SwapPreview.js')),
}

/** Header titles by view; views not listed show no title. */
export const viewTitles: Partial<Record<View, string>> = {
  Connect: 'Connect Wallet',
  Networks: 'Choose Network',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  SwitchNetwork: 'Switch Network',
  SwitchActiveChain: 'Switch Network',
  WalletSend: 'Send',
  WalletSendSelectToken: 'Select Token',
  WalletSendPreview: 'Review Send',
  WalletReceive: 'Receive',
  UnsupportedChain: 'Switch Network',
  ProfileWallets: 'Wallets',
  ConnectWallets: 'Add Wallet',
  SIWXSignMessage: 'Sign In',
  DataCapture: 'Your Email',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  OnRampTokenSelect: 'Buy',
  OnRampFiatSelect: 'Pay With',
  OnRampProviders: 'Buy',
  EmailLogin: 'Continue with Email',
  ConnectingSocial: 'Sign In',
  ConnectingFarcaster: 'Farcaster',
  UpdateEmailWallet: 'Change Email',
  ApproveTransaction: 'Approve Request',
  WalletSecurity: 'Wallet Security',
  EmbeddedFactor: 'Secure Wallet',
  Swap: 'Swap',
  SwapSelectToken: 'Select Token',
  SwapPreview: 'Review Swap',
}
