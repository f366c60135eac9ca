// Public API of @portico/evm.
export { EvmAdapter, INJECTED_CONNECTOR_ID, type EvmAdapterOptions } from '../EvmAdapter.js'
export { discoverAnnouncedWallets, discoverInjectedProvider, type Discover, type DiscoverInjected } from '../discovery.js'
export { toPorticoError } from '../errors.js'
export type { Eip1193Provider, ProviderDetail } from '../schemas.js'
