import { Time } from '@portico/core/spec'
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.js'

export interface RelayOptions extends RelayLimits {
  /** The WebSocket path on the server's port. */
  path: string
  /**
   * WebSocket ping interval: SPEC §9 'Heartbeat is 5 s' (the WalletConnect SDK's own heartbeat
   * pulses every 5 s too). A socket that missed one ping is terminated at the next, so a dead
   * peer frees its connection within two heartbeats; the SDK drops a socket after 35 s without one.
   */
  pingIntervalMs: number
  sweepIntervalMs: number
  /** How long a client's subscription is remembered without being renewed. */
  subscriptionTtlMs: number
  /** Redis key/channel prefix (instances of one deployment share it). */
  redisPrefix: string
  /** Whether the upgrade needs a projectId known to the projects table. */
  requireProject: boolean
  now: () => number
}

export const DEFAULT_RELAY_OPTIONS: RelayOptions = {
  ...DEFAULT_RELAY_LIMITS,
  path: '/relay',
  pingIntervalMs: Time.heartbeatMs,
  sweepIntervalMs: 30_000,
  subscriptionTtlMs: 30 * 24 * 3600 * 1000,
  redisPrefix: 'portico:relay:',
  requireProject: true,
  now: () => Date.now(),
}
