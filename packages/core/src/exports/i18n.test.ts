import { expect, test } from 'vitest'
import * as exports from './i18n.js'

// @portico/core/i18n, the languages entry; a change here shows in review.
test('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "Locales",
      "en",
      "enFirstLoad",
      "formatAmount",
      "formatDay",
      "formatTime",
      "formatUsdIn",
      "loadMessages",
      "localeDirection",
      "translate",
    ]
  `)
})
