/** Names, icon and defaults of the Portico Bitcoin Test Wallet: development only, it holds public dev keys (named like the Portico Solana Test Wallet, short enough for a narrow Connect list). */
export const BITCOIN_TEST_WALLET_NAME = 'Portico Bitcoin Test Wallet'
/** The sats-connect personality: window.XverseProviders.BitcoinProvider, listed in window.btc_providers. */
export const BITCOIN_SATS_CONNECT_NAME = 'Portico Bitcoin Test Wallet (sats-connect)'
export const BITCOIN_SATS_CONNECT_PROVIDER_ID = 'XverseProviders.BitcoinProvider'
export const BITCOIN_TEST_WALLET_STORAGE_KEY = 'portico-bitcoin-test-wallet'
export const BITCOIN_TEST_WALLET_VERSION = '1.0.0'

export const BITCOIN_TEST_WALLET_ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/>' +
    '<path d="M21.7 14c.3-2-1.2-3-3.3-3.7l.7-2.7-1.6-.4-.7 2.6-1.3-.3.7-2.6-1.6-.4-.7 2.7-3.3-.8-.4 1.7 1.2.3c.7.2.8.6.8 1l-1.9 7.6c-.1.2-.3.5-.8.4l-1.2-.3-.8 1.9 3.2.8-.7 2.7 1.6.4.7-2.7 1.3.3-.7 2.7 1.6.4.7-2.7c2.8.5 4.9.3 5.8-2.2.7-2-.1-3.2-1.5-3.9 1-.3 1.8-1 2-2.5zm-3.7 5.2c-.5 2-3.9.9-5 .7l.9-3.6c1.1.3 4.6.8 4.1 2.9zm.5-5.2c-.5 1.8-3.3.9-4.2.7l.8-3.2c.9.2 3.9.6 3.4 2.5z" fill="#fff"/></svg>',
)}` as const
