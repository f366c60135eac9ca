export { startRelay, DEFAULT_RELAY_OPTIONS, type Relay, type RelayOptions } from './relay.js'
export { DEFAULT_RELAY_LIMITS, RELAY_LIMIT_ENV, relayLimitsFromEnv, type RelayLimits } from './limits.js'
export { verifyClientJwt, signClientJwt, publicKeyFromDidKey } from './jwt.js'
export {
  redisRelayStore,
  hashMessage,
  subscriptionId,
  type MessageCursor,
  type PutResult,
  type RelayStore,
  type StoredMessage,
} from './store.js'
export { sqlRelayStore } from './sqlStore.js'
