import { Locales } from '@portico/core/i18n'
import { ChainNamespaces } from '@portico/core/spec'
import * as v from 'valibot'
import { AccountTypeSchema, EmailSchema, OtpSchema, SocialProviderSchema, ThemeModeSchema } from './inputs.js'

/**
 * The message protocol between the host page (@portico/embedded) and the secure frame
 * (packages/secure-frame), SPEC §7 'Embedded wallet frame'. Every message is checked against
 * these schemas on both sides; anything else is logged as a warning and ignored.
 *
 * App → frame:  { type: '@portico-app/<KIND>', id, payload }
 * Frame → app:  { type: '@portico-frame/<KIND>_SUCCESS' | '@portico-frame/<KIND>_ERROR', id, payload }
 *               { type: '@portico-frame/<EVENT>', payload }   (events, no id)
 * `id` is 32 hex characters from crypto.getRandomValues; replies are matched by it.
 */
export const APP_PREFIX = '@portico-app/'
export const FRAME_PREFIX = '@portico-frame/'

export const MessageIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'message id must be 32 hex characters'))
const ChainIdSchema = v.union([v.string(), v.number()])
const Empty = v.object({})
/** 'K7F-3QX': what the device approval mail, its page and the modal all show. */
export const MatchCodeSchema = v.pipe(v.string(), v.regex(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/, 'match code'))
export const FactorKindSchema = v.picklist(['passkey', 'password'])
export const FactorPurposeSchema = v.picklist(['add-passkey', 'add-password', 'unlock', 'verify'])
export const FactorsSchema = v.object({
  protected: v.boolean(),
  factors: v.array(v.object({ id: v.string(), kind: FactorKindSchema, createdAt: v.string(), lastUsedAt: v.nullable(v.string()) })),
})
export type EmbeddedFactors = v.InferOutput<typeof FactorsSchema>

/** SPEC §3 'Embedded-wallet user'. */
export const EmbeddedUserSchema = v.object({
  email: v.nullish(v.string()),
  address: v.string(),
  chainId: ChainIdSchema,
  accounts: v.optional(v.array(v.object({ address: v.string(), type: AccountTypeSchema }))),
  /** Addresses per chain family (eip155, solana, bip122). */
  addresses: v.optional(v.record(v.string(), v.string())),
  userName: v.optional(v.string()),
  preferredAccountType: v.optional(AccountTypeSchema),
  signature: v.optional(v.string()),
  message: v.optional(v.string()),
  siwxMessage: v.optional(v.unknown()),
})
export type EmbeddedUser = v.InferOutput<typeof EmbeddedUserSchema>

/** Each request kind: what the app sends and what a success reply carries. */
export const Requests = {
  SWITCH_NETWORK: { payload: v.object({ chainId: ChainIdSchema }), result: v.object({ chainId: ChainIdSchema }) },
  CONNECT_EMAIL: {
    payload: v.object({ email: EmailSchema }),
    result: v.object({
      action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']),
      /** VERIFY_DEVICE: the code the approval mail and page show too; the modal shows it so the user can match them. */
      matchCode: v.optional(MatchCodeSchema),
    }),
  },
  /** Resolves once the user approved this device from the link in their email: signed in then. */
  CONNECT_DEVICE: { payload: Empty, result: Empty },
  /**
   * The code from the email. CONNECT: signed in. VERIFY_DEVICE (a known wallet on a new device, told
   * only now, after the code proved the mailbox): an approval link was mailed; matchCode as above.
   */
  CONNECT_OTP: {
    payload: v.object({ otp: OtpSchema }),
    result: v.object({ action: v.optional(v.picklist(['VERIFY_DEVICE', 'CONNECT'])), matchCode: v.optional(MatchCodeSchema) }),
  },
  /**
   * After SOCIAL_RESULT: the server redeemed the provider's answer at its callback on the secure
   * origin; the frame fetches the result with a proof by its device key. No code or state passes
   * through the host.
   */
  CONNECT_SOCIAL: {
    payload: v.object({ preferredAccountType: v.optional(AccountTypeSchema), chainId: v.optional(ChainIdSchema) }),
    result: EmbeddedUserSchema,
  },
  GET_SOCIAL_REDIRECT_URI: { payload: v.object({ provider: SocialProviderSchema }), result: v.object({ uri: v.pipe(v.string(), v.url()) }) },
  GET_FARCASTER_URI: { payload: Empty, result: v.object({ url: v.pipe(v.string(), v.url()) }) },
  /** Resolves once the Farcaster app approved the sign-in. */
  CONNECT_FARCASTER: { payload: Empty, result: EmbeddedUserSchema },
  GET_USER: {
    payload: v.object({ chainId: v.optional(ChainIdSchema), preferredAccountType: v.optional(AccountTypeSchema) }),
    result: EmbeddedUserSchema,
  },
  SIGN_OUT: { payload: Empty, result: Empty },
  IS_CONNECTED: { payload: Empty, result: v.object({ isConnected: v.boolean() }) },
  GET_CHAIN_ID: { payload: Empty, result: v.object({ chainId: ChainIdSchema }) },
  RPC_REQUEST: {
    payload: v.object({
      method: v.pipe(v.string(), v.maxLength(64)),
      params: v.optional(v.unknown()),
      chainId: v.optional(ChainIdSchema),
      chainNamespace: v.optional(v.picklist(ChainNamespaces)),
    }),
    result: v.unknown(),
  },
  UPDATE_EMAIL: {
    payload: v.object({ email: EmailSchema }),
    result: v.object({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: { payload: v.object({ otp: OtpSchema }), result: Empty },
  UPDATE_EMAIL_SECONDARY_OTP: { payload: v.object({ otp: OtpSchema }), result: v.object({ newEmail: v.string() }) },
  SYNC_THEME: { payload: v.object({ themeMode: ThemeModeSchema }), result: Empty },
  /** The modal's language (issue 19): a locale code only, never text; the frame draws its screens from its own catalogue. */
  SYNC_LOCALE: { payload: v.object({ locale: v.picklist(Locales, `locale must be one of ${Locales.join(', ')}`) }), result: Empty },
  SYNC_DAPP_DATA: {
    payload: v.object({
      projectId: v.string(),
      sdkType: v.string(),
      sdkVersion: v.string(),
      metadata: v.optional(v.object({ name: v.string(), description: v.string(), url: v.string(), icons: v.array(v.string()) })),
    }),
    result: Empty,
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: Empty, result: v.object({ smartAccountEnabledNetworks: v.array(v.number()) }) },
  INIT_SMART_ACCOUNT: { payload: Empty, result: v.object({ address: v.string(), isDeployed: v.boolean() }) },
  SET_PREFERRED_ACCOUNT: { payload: v.object({ type: AccountTypeSchema }), result: v.object({ type: AccountTypeSchema, address: v.string() }) },
  RELOAD: { payload: Empty, result: Empty },
  /** Added (custody): the user-held factors that protect the wallet (kinds and dates only). */
  GET_FACTORS: { payload: Empty, result: FactorsSchema },
  /** Added (custody): the frame draws its own screen (passkey ceremony or password input) and adds the factor. */
  ADD_FACTOR: { payload: v.object({ kind: FactorKindSchema }), result: FactorsSchema },
  /** Added (custody): after a fresh proof of a factor, drawn by the frame. */
  REMOVE_FACTOR: { payload: v.object({ id: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)) }), result: FactorsSchema },
  /** Rejects every pending unsafe request with 'Request was aborted'. */
  RPC_ABORT: { payload: Empty, result: Empty },
} as const

export type RequestKind = keyof typeof Requests
export type RequestPayload<K extends RequestKind> = v.InferInput<(typeof Requests)[K]['payload']>
export type RequestResult<K extends RequestKind> = v.InferOutput<(typeof Requests)[K]['result']>

/** Events the frame sends without being asked. */
export const FrameEvents = {
  /**
   * Added (issue 28): the frame's script runs and found its host; READY or START_FAILED follows. A
   * frame document that loaded without saying so (the secure origin unreachable, the frame blocked
   * by a CSP, a wrong URL) never started.
   */
  STARTING: v.object({}),
  /** The frame loaded and listens (SPEC §4: ready, plus 500 ms). */
  READY: v.object({}),
  /**
   * Added (issue 28): the frame cannot start: the browser denies it storage (a third-party frame
   * where third-party storage is blocked). With `storageAccess` the frame shows its own button
   * that asks for it (Storage Access API, on the user's click in the frame): the host lays the
   * frame over a slot, and READY or START_FAILED without it follows. Without, it gave up.
   */
  START_FAILED: v.object({ reason: v.picklist(['storage']), storageAccess: v.boolean() }),
  /** An unsafe request waits for the user: the host shows the frame on ApproveTransaction. */
  RPC_APPROVAL_NEEDED: v.object({ method: v.string() }),
  /** The approval screen is done (approved or rejected): the host hides the frame again. */
  RPC_APPROVAL_DONE: v.object({ approved: v.boolean() }),
  /** The frame has no session (SPEC §4: the host clears its login cache). */
  NOT_CONNECTED: v.object({}),
  /**
   * Added (custody): the frame shows one of its own factor screens (add a passkey or password,
   * unlock a protected wallet on a new device, confirm a change): the host shows the frame, as
   * for RPC_APPROVAL_NEEDED, until FACTOR_SCREEN_DONE.
   */
  FACTOR_SCREEN_NEEDED: v.object({ purpose: FactorPurposeSchema }),
  FACTOR_SCREEN_DONE: v.object({}),
  /**
   * Added (issue 6, secure-frame side): posted by the OAuth callback page on the secure origin, in
   * the social popup, to window.opener (the host page) with targetOrigin = the host origin. Not
   * sent on the frame channel. It says only whether the sign-in finished: the server already
   * redeemed the answer (custody). The host then sends CONNECT_SOCIAL {}.
   */
  SOCIAL_RESULT: v.object({ status: v.picklist(['done', 'error']) }),
} as const
export type FrameEventKind = keyof typeof FrameEvents

export const ErrorPayloadSchema = v.object({ message: v.pipe(v.string(), v.maxLength(2000)), code: v.optional(v.number()) })

export const AppMessageSchema = v.object({
  type: v.pipe(v.string(), v.startsWith(APP_PREFIX)),
  id: MessageIdSchema,
  payload: v.unknown(),
})
export const FrameMessageSchema = v.object({
  type: v.pipe(v.string(), v.startsWith(FRAME_PREFIX)),
  id: v.optional(MessageIdSchema),
  payload: v.unknown(),
})

/** Validates an app → frame message fully (envelope and the kind's payload). */
export function parseAppMessage(data: unknown): { kind: RequestKind; id: string; payload: unknown } | { error: string } {
  const envelope = v.safeParse(AppMessageSchema, data)
  if (!envelope.success) return { error: envelope.issues[0]?.message ?? 'invalid envelope' }
  const kind = envelope.output.type.slice(APP_PREFIX.length)
  if (!(kind in Requests)) return { error: `unknown message kind ${kind}` }
  const payload = v.safeParse(Requests[kind as RequestKind].payload, envelope.output.payload ?? {})
  if (!payload.success) return { error: payload.issues[0]?.message ?? 'invalid payload' }
  return { kind: kind as RequestKind, id: envelope.output.id, payload: payload.output }
}

/** A cryptographically random message id (never Math.random). */
export function newMessageId(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
