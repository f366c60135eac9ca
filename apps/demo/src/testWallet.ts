/**
 * The demo loads the Portico test wallet so that a newcomer without a wallet extension can
 * connect. It is a development wallet holding a public dev key: never use it with real funds.
 * The Portico Solana Test Wallet and the Portico Bitcoin Test Wallet register beside it (Wallet Standard). Each is skipped when it
 * was already injected (as the e2e tests do); both when the page is opened with ?testWallet=off.
 */
export async function loadTestWallet() {
  if (new URLSearchParams(location.search).get('testWallet') === 'off') return false
  // The Portico Solana Test Wallet (Wallet Standard), on the local Solana chain of the build.
  if (!(window as { porticoSolanaTestWallet?: unknown }).porticoSolanaTestWallet) {
    const { createSolanaTestWallet, registerSolanaTestWallet, SOLANA_TEST_WALLET_STORAGE_KEY } = await import('@portico/test-wallets/solana')
    const env = (import.meta as unknown as { env: Record<string, string | undefined> }).env
    registerSolanaTestWallet(createSolanaTestWallet({ storageKey: SOLANA_TEST_WALLET_STORAGE_KEY, rpcUrl: env.VITE_SOLANA_RPC_URL }))
  }
  // The Portico Bitcoin Test Wallet (Wallet Standard), on the local Bitcoin chain of the build.
  if (!(window as { porticoBitcoinTestWallet?: unknown }).porticoBitcoinTestWallet) {
    const { createBitcoinTestWallet, registerBitcoinTestWallet, BITCOIN_TEST_WALLET_STORAGE_KEY } = await import('@portico/test-wallets/bitcoin')
    const env = (import.meta as unknown as { env: Record<string, string | undefined> }).env
    registerBitcoinTestWallet(createBitcoinTestWallet({ storageKey: BITCOIN_TEST_WALLET_STORAGE_KEY, url: env.VITE_BITCOIN_URL }), { satsConnect: false })
  }
  if ((window as { porticoTestWallet?: unknown }).porticoTestWallet) return true
  const { createTestWallet, announceTestWallet } = await import('@portico/test-wallets/injected')
  const { devnetNetworks } = await import('./networks.js')
  const wallet = createTestWallet({
    storageKey: 'portico-test-wallet',
    chains: devnetNetworks.map((n) => ({
      chainId: Number(n.id),
      name: n.name,
      rpcUrl: n.rpcUrls.default.http[0]!,
      nativeCurrency: n.nativeCurrency,
    })),
  })
  ;(window as { porticoTestWallet?: unknown }).porticoTestWallet = wallet
  announceTestWallet(wallet)
  return true
}
