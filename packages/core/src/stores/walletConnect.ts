import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'

/** The pairing in progress (SPEC §4 'Connection status'). */
export interface WalletConnectState {
  wcUri: string | undefined
  wcPairingExpiry: number | undefined
  /** The wallet the user picked in AllWallets (for its deep links and name). */
  wcLinking: { name: string; href: string } | undefined
  recentWallet: { id: string; name: string; image_url?: string; mobile_link?: string | null; webapp_link?: string | null } | undefined
  /** Why the pairing failed (its key and parameters). */
  wcError: Message | undefined
  /** True while the QR/URI is being generated. */
  wcLoading: boolean
}

export const initialWalletConnectState: WalletConnectState = {
  wcUri: undefined,
  wcPairingExpiry: undefined,
  wcLinking: undefined,
  recentWallet: undefined,
  wcError: undefined,
  wcLoading: false,
}

export function createWalletConnectStore() {
  return createStore<WalletConnectState>(() => initialWalletConnectState)
}
export type WalletConnectStore = ReturnType<typeof createWalletConnectStore>
