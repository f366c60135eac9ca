// Public API of @portico/wagmi. Explicit named re-exports so every change is visible in review.
export {
  porticoConnector,
  type PorticoConnectorErrorType,
  type PorticoConnectorParameters,
} from '../porticoConnector.js'
export { chainsFromPorticoNetworks, porticoNetworksFromChains } from '../networks.js'
