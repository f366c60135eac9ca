import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import * as exports from './spec.js'

// The storeless entry the server and the secure frame import; a change here shows in review.
test('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "Alerts",
      "CAIP10_PATTERN",
      "CAIP2_PATTERN",
      "CALLS_VERSION",
      "CacheLifetimes",
      "CallsErrorCode",
      "CallsStatusCode",
      "ChainFamilies",
      "ChainNamespaces",
      "DEFAULT_NAME_SUFFIX",
      "DEFAULT_SOLANA_COMMITMENT",
      "DefaultAccountTypes",
      "DefaultFeatures",
      "DefaultRemoteFeatures",
      "EmailTexts",
      "ErrorReportThrottle",
      "ErrorText",
      "EvmReadMethods",
      "Limits",
      "MAX_BATCHED_CALLS",
      "NAME_LABEL_PATTERN",
      "NATIVE_TOKEN_PLACEHOLDERS",
      "NameRule",
      "NameText",
      "OAuthSocialProviders",
      "OTP_PATTERN",
      "ProviderErrorAlerts",
      "ProviderErrorCode",
      "ProviderErrorText",
      "SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS",
      "SWAP_CHAIN_IDS",
      "SWAP_POPULAR_SYMBOLS",
      "SWAP_SLIPPAGE_PERCENT",
      "SWAP_SUGGESTED_SYMBOLS",
      "SdkDefaults",
      "SocialProviders",
      "SolanaCommitments",
      "SponsorshipErrorCode",
      "Time",
      "WalletFeatureOrder",
      "batchCallsProblem",
      "bip122AddressParams",
      "callsStatusName",
      "chainFamily",
      "decodeBip122Address",
      "eip155ChainId",
      "explorerLinks",
      "formatSiwxMessage",
      "isBip122Address",
      "isCaip2",
      "isCaipAddress",
      "isChainNamespace",
      "isNativePlaceholder",
      "isSolanaCommitment",
      "isValidAddress",
      "isValidBatchCall",
      "isValidName",
      "newSiwxNonce",
      "originAllowed",
      "parseCaip10",
      "parseCaipAddress",
      "parseCaipNetworkId",
      "providerErrorAlert",
      "toCaipAddress",
      "toFullName",
      "toNameLabel",
    ]
  `)
})

test('behavior: the spec folder imports nothing outside itself (no stores, no DOM, no packages)', () => {
  const dir = fileURLToPath(new URL('../spec/', import.meta.url))
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const imports = [...readFileSync(dir + file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1])
    for (const specifier of imports) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[a-zA-Z]+\.js$/)
  }
})
