import { expect, test } from 'vitest'
import * as exports from './index.js'

// The runtime API; a change here is an API change for every host, and shows in review.
test('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "ConnectButton",
      "PorticoProvider",
      "shallowEqual",
      "usePortico",
      "usePorticoAccount",
      "usePorticoModal",
      "usePorticoNetwork",
      "usePorticoProvider",
      "usePorticoSelector",
      "usePorticoSiwx",
      "usePorticoStore",
      "usePorticoTheme",
    ]
  `)
})
