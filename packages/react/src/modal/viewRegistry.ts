import type { View } from '@portico/core'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** Each view is its own lazily loaded chunk (ARCHITECTURE: 'each view is a lazy chunk'). */
export const viewRegistry: Partial<Record<View, LazyExoticComponent<ComponentType>>> = {
  Connect: lazy(() => import('../views/Connect/Connect.js')),
  ConnectingExternal: lazy(() => import('../views/ConnectingExternal/ConnectingExternal.js')),
  Account: lazy(() => import('../views/Account/Account.js')),
  Networks: lazy(() => import('../views/Networks/Networks.js')),
  SwitchNetwork: lazy(() => import('../views/SwitchNetwork/SwitchNetwork.js')),
}

/** Header titles by view; views not listed show no title. */
export const viewTitles: Partial<Record<View, string>> = {
  Connect: 'Connect Wallet',
  Networks: 'Choose Network',
  AllWallets: 'All Wallets',
  SwitchNetwork: 'Switch Network',
}
