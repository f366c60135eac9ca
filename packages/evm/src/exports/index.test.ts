import { expect, test } from 'vitest'
import * as exports from './index.js'

// The runtime API; a change here is an API change for every host, and shows in review.
test('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "EvmAdapter",
      "INJECTED_CONNECTOR_ID",
      "discoverAnnouncedWallets",
      "discoverInjectedProvider",
      "toPorticoError",
    ]
  `)
})
