export { startRelay, DEFAULT_RELAY_OPTIONS, type Relay, type RelayOptions } from './relay.js'
export { verifyClientJwt, signClientJwt, publicKeyFromDidKey } from './jwt.js'
export { sqlRelayStore, redisRelayStore, hashMessage, subscriptionId, type RelayStore, type StoredMessage } from './store.js'
