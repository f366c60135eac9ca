// Public API of @portico/evm.
export { EvmAdapter, type EvmAdapterOptions } from '../EvmAdapter.js'
export { discoverAnnouncedWallets, type Discover } from '../discovery.js'
export { toPorticoError } from '../errors.js'
export type { Eip1193Provider, ProviderDetail } from '../schemas.js'
