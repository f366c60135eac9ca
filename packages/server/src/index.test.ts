import { expect, test } from 'vitest'
import * as exports from './index.js'
import * as relay from './relay/index.js'
import * as relayTesting from './relay/testing.js'
import * as testing from './testing.js'

// The runtime API; a change here is an API change for every user of the package, and shows in review.
test('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "ConfigError",
      "DEFAULT_CONFIG",
      "DEV_PROJECT",
      "ServerConfigSchema",
      "loadConfig",
      "migrate",
      "openDatabase",
      "startServer",
    ]
  `)
})

test('exports: @portico/server/testing', () => {
  expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
    [
      "bundlerFees",
      "signInSponsorUser",
      "startTestServer",
    ]
  `)
})

test('exports: @portico/server/relay', () => {
  expect(Object.keys(relay).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_RELAY_LIMITS",
      "DEFAULT_RELAY_OPTIONS",
      "RELAY_LIMIT_ENV",
      "hashMessage",
      "publicKeyFromDidKey",
      "redisRelayStore",
      "relayLimitsFromEnv",
      "signClientJwt",
      "sqlRelayStore",
      "startRelay",
      "subscriptionId",
      "verifyClientJwt",
    ]
  `)
})

test('exports: @portico/server/relay/testing', () => {
  expect(Object.keys(relayTesting).sort()).toMatchInlineSnapshot(`
    [
      "connectRelayClient",
      "freePort",
      "redisServerBinary",
      "startTestRedis",
    ]
  `)
})
