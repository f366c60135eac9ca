import { EmailTexts, ErrorText, OAuthSocialProviders, OTP_PATTERN } from '@portico/core/spec'
import * as v from 'valibot'

/** SPEC §5 'Embedded wallet input', as schemas both sides of the frame use. */
export { EmailTexts }

export const EmailSchema = v.pipe(v.string(EmailTexts.pleaseEnterValid), v.trim(), v.maxLength(254, EmailTexts.invalid), v.email(EmailTexts.invalid))
/** The one-time code is a string (6–8 digits in Portico's server). */
export const OtpSchema = v.pipe(v.string('The one-time code must be a string'), v.regex(OTP_PATTERN, ErrorText.codeRequired))
export const SocialProviderSchema = v.picklist(OAuthSocialProviders)
export type EmbeddedSocialProvider = v.InferOutput<typeof SocialProviderSchema>
export const ThemeModeSchema = v.picklist(['light', 'dark'])
export const SolanaCommitmentSchema = v.picklist(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
/** Batched calls need a 'to' starting with 0x and optional data starting with 0x. */
export const BatchCallSchema = v.looseObject({
  to: v.pipe(v.string(ErrorText.invalidBatchedCalls), v.startsWith('0x', ErrorText.invalidBatchedCalls)),
  data: v.optional(v.pipe(v.string(ErrorText.invalidBatchedCalls), v.startsWith('0x', ErrorText.invalidBatchedCalls))),
  value: v.optional(v.string()),
})
/** wallet_sendCalls' params (EIP-5792): one request whose calls each follow the rule above. */
export const SendCallsParamsSchema = v.tuple([
  v.looseObject(
    { calls: v.pipe(v.array(BatchCallSchema, ErrorText.invalidBatchedCalls), v.minLength(1, ErrorText.invalidBatchedCalls)) },
    ErrorText.invalidBatchedCalls,
  ),
])
export const AccountTypeSchema = v.picklist(['eoa', 'smartAccount'])
