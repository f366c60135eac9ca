import type { View } from '@portico/core'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** Each view is its own lazily loaded chunk (ARCHITECTURE: 'each view is a lazy chunk'). */
export const viewRegistry: Partial<Record<View, LazyExoticComponent<ComponentType>>> = {
  Connect: lazy(() => import('../views/Connect/Connect.js')),
  ConnectingExternal: lazy(() => import('../views/ConnectingExternal/ConnectingExternal.js')),
  ConnectingWalletConnect: lazy(() => import('../views/ConnectingWalletConnect/ConnectingWalletConnect.js')),
  ConnectingWalletConnectBasic: lazy(() => import('../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js')),
  AllWallets: lazy(() => import('../views/AllWallets/AllWallets.js')),
  Account: lazy(() => import('../views/Account/Account.js')),
  Networks: lazy(() => import('../views/Networks/Networks.js')),
  SwitchNetwork: lazy(() => import('../views/SwitchNetwork/SwitchNetwork.js')),
  WalletSend: lazy(() => import('../views/WalletSend/WalletSend.js')),
  WalletSendSelectToken: lazy(() => import('../views/WalletSendSelectToken/WalletSendSelectToken.js')),
  WalletSendPreview: lazy(() => import('../views/WalletSendPreview/WalletSendPreview.js')),
  WalletReceive: lazy(() => import('../views/WalletReceive/WalletReceive.js')),
  UnsupportedChain: lazy(() => import('../views/UnsupportedChain/UnsupportedChain.js')),
  ProfileWallets: lazy(() => import('../views/ProfileWallets/ProfileWallets.js')),
  ConnectWallets: lazy(() => import('../views/ConnectWallets/ConnectWallets.js')),
}

/** Header titles by view; views not listed show no title. */
export const viewTitles: Partial<Record<View, string>> = {
  Connect: 'Connect Wallet',
  Networks: 'Choose Network',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  SwitchNetwork: 'Switch Network',
  WalletSend: 'Send',
  WalletSendSelectToken: 'Select Token',
  WalletSendPreview: 'Review Send',
  WalletReceive: 'Receive',
  UnsupportedChain: 'Switch Network',
  ProfileWallets: 'Wallets',
  ConnectWallets: 'Add Wallet',
}
