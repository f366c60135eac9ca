// Public API of @portico/evm.
export { EvmAdapter, INJECTED_CONNECTOR_ID, type EvmAdapterOptions } from '../EvmAdapter.js'
export {
  coinbaseWallet,
  COINBASE_CONNECTOR_ID,
  COINBASE_KEYS_URL,
  type CoinbaseWallet,
  type CoinbaseWalletParameters,
} from '../coinbase.js'
export { discoverAnnouncedWallets, discoverInjectedProvider, type Discover, type DiscoverInjected } from '../discovery.js'
export { toPorticoError } from '../errors.js'
export type { Eip1193Provider, ProviderDetail } from '../schemas.js'
