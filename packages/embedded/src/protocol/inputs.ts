import { EmailTexts, ErrorText, OAuthSocialProviders, OTP_PATTERN } from '@portico/core/spec'
import * as v from 'valibot'

/** SPEC §5 'Embedded wallet input', as schemas both sides of the frame use. */
export { EmailTexts }

export const EmailSchema = v.pipe(
  v.string(EmailTexts.pleaseEnterValid),
  v.trim(),
  v.maxLength(254, EmailTexts.invalid),
  v.email(EmailTexts.invalid),
)
/** The one-time code is a string (6–8 digits in Portico's server). */
export const OtpSchema = v.pipe(v.string('The one-time code must be a string'), v.regex(OTP_PATTERN, ErrorText.codeRequired))
export const SocialProviderSchema = v.picklist(OAuthSocialProviders)
export type EmbeddedSocialProvider = v.InferOutput<typeof SocialProviderSchema>
export const ThemeModeSchema = v.picklist(['light', 'dark'])
export const SolanaCommitmentSchema = v.picklist(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
/** Batched calls need a 'to' starting with 0x and optional data starting with 0x. */
export const BatchCallSchema = v.object({
  to: v.pipe(v.string(), v.startsWith('0x', "'to' must start with 0x")),
  data: v.optional(v.pipe(v.string(), v.startsWith('0x', "'data' must start with 0x"))),
  value: v.optional(v.string()),
})
export const AccountTypeSchema = v.picklist(['eoa', 'smartAccount'])
