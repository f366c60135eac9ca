import { expect, test } from 'vitest'
import * as exports from './index.js'
import * as protocol from './protocol/index.js'

// The runtime API; a change here is an API change for every host, and shows in review.
test('exports', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "embeddedWallet",
    ]
  `)
})

test('exports: @portico/embedded/protocol', () => {
  expect(Object.keys(protocol).sort()).toMatchInlineSnapshot(`
    [
      "APP_PREFIX",
      "AccountTypeSchema",
      "AppMessageSchema",
      "BatchCallSchema",
      "EmailSchema",
      "EmailTexts",
      "EmbeddedUserSchema",
      "ErrorPayloadSchema",
      "FRAME_PREFIX",
      "FactorKindSchema",
      "FactorPurposeSchema",
      "FactorRequests",
      "FactorScreenTimeoutMs",
      "FactorsSchema",
      "FrameErrors",
      "FrameEvents",
      "FrameMessageSchema",
      "FrameTimeouts",
      "LongRequests",
      "MatchCodeSchema",
      "MessageIdSchema",
      "OtpSchema",
      "Requests",
      "SOCIAL_RESULT_TYPE",
      "SafeRpcMethods",
      "SendCallsParamsSchema",
      "SocialProviderSchema",
      "SocialResultMessageSchema",
      "SolanaCommitmentSchema",
      "ThemeModeSchema",
      "UnsafeRpcMethods",
      "isAllowedRpcMethod",
      "isSafeRpcMethod",
      "isSignedMessage",
      "isTransactionHash",
      "isUnsafeRpcMethod",
      "newMessageId",
      "parseAppMessage",
    ]
  `)
})
