/**
 * The demo loads the Portico test wallet so that a newcomer without a wallet extension can
 * connect. It is a development wallet holding a public dev key: never use it with real funds.
 * It is skipped when a wallet with its name was already injected (as the e2e tests do) or the
 * page is opened with ?testWallet=off.
 */
export async function loadTestWallet() {
  if (new URLSearchParams(location.search).get('testWallet') === 'off') return false
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
