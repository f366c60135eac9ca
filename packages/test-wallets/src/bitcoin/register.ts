/**
 * Registers the wallet's faces: the Wallet Standard wallet (apps find it through getWallets()), and
 * the sats-connect provider where sats-connect looks (window.XverseProviders.BitcoinProvider,
 * window.BitcoinProvider, an entry in window.btc_providers); the handle goes on window.
 */
import { registerWallet } from '@wallet-standard/wallet'
import { BITCOIN_SATS_CONNECT_NAME, BITCOIN_SATS_CONNECT_PROVIDER_ID, BITCOIN_TEST_WALLET_ICON } from './constants'
import type { BitcoinTestWalletHandle, SatsConnectProvider } from './types'

declare global {
  interface Window {
    porticoBitcoinTestWallet?: BitcoinTestWalletHandle
  }
}

type SatsWindow = {
  XverseProviders?: { BitcoinProvider?: SatsConnectProvider }
  BitcoinProvider?: SatsConnectProvider
  btc_providers?: { id: string; name: string; icon: string; methods?: string[] }[]
}

export function registerBitcoinTestWallet(handle: BitcoinTestWalletHandle, { walletStandard = true, satsConnect = true } = {}): void {
  if (typeof window === 'undefined') return
  window.porticoBitcoinTestWallet = handle
  if (walletStandard) registerWallet(handle.wallet)
  if (satsConnect) {
    const w = window as unknown as SatsWindow
    w.XverseProviders = { ...w.XverseProviders, BitcoinProvider: handle.satsConnect }
    w.BitcoinProvider ??= handle.satsConnect
    w.btc_providers = [
      ...(w.btc_providers ?? []).filter((p) => p.id !== BITCOIN_SATS_CONNECT_PROVIDER_ID),
      {
        id: BITCOIN_SATS_CONNECT_PROVIDER_ID,
        name: BITCOIN_SATS_CONNECT_NAME,
        icon: BITCOIN_TEST_WALLET_ICON,
        methods: ['getInfo', 'getAddresses', 'signMessage', 'signPsbt', 'sendTransfer', 'wallet_connect', 'wallet_disconnect'],
      },
    ]
  }
}
