import { expect, test } from 'vitest'
import * as exports from './index.js'

// The runtime API; a change here is an API change for every host, and shows in review.
test('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "COINBASE_CONNECTOR_ID",
      "COINBASE_KEYS_URL",
      "EvmAdapter",
      "INJECTED_CONNECTOR_ID",
      "coinbaseWallet",
      "discoverAnnouncedWallets",
      "discoverInjectedProvider",
      "toPorticoError",
    ]
  `)
})
