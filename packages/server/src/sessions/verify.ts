import { formatSiwxMessage, originAllowed, parseCaipNetworkId, type SIWXMessageData } from '@portico/core/spec'
import { familyOfChain } from '../chain/families.js'
import type { ServerContext } from '../context.js'
import type { SiwxSessionInput } from './schemas.js'

/** A signed message older than this is refused (a replayed or stale sign-in). */
export const MAX_MESSAGE_AGE_MS = 10 * 60_000
const CLOCK_SKEW_MS = 60_000

export type VerifyResult = { ok: true } | { ok: false; error: string; description: string }
const fail = (error: string, description: string): VerifyResult => ({ ok: false, error, description })

/**
 * Checks a sign-in before it is stored: the signed text is exactly the message its data
 * describes (core's formatSiwxMessage), the domain and URI belong to the project's allowed
 * origins, the times are fresh, and the signature is the account's, as its chain family checks it
 * (chain/families.ts: EIP-191 and EIP-1271 on eip155, ed25519 over the UTF-8 text on solana).
 */
export async function verifySiwxSession(ctx: ServerContext, projectId: string, input: SiwxSessionInput, now = Date.now()): Promise<VerifyResult> {
  const data = input.data as SIWXMessageData
  if (formatSiwxMessage(data) !== input.message) return fail('Invalid message', 'The signed message does not match its data')

  const uri = new URL(data.uri)
  const [project] = await ctx.db.query<{ allowed_origins: unknown }>('select allowed_origins from projects where project_id = $1', [projectId])
  const allowed = (typeof project?.allowed_origins === 'string' ? JSON.parse(project.allowed_origins) : (project?.allowed_origins ?? [])) as string[]
  if (data.domain !== uri.host || !originAllowed(uri.origin, allowed)) return fail('Invalid domain', `${data.domain} is not an allowed origin of this project`)

  const issuedAt = Date.parse(data.issuedAt)
  if (issuedAt > now + CLOCK_SKEW_MS) return fail('Invalid message', 'issuedAt is in the future')
  if (now - issuedAt > MAX_MESSAGE_AGE_MS) return fail('Session expired', 'The message was issued too long ago; sign a new one')
  if (data.notBefore && Date.parse(data.notBefore) > now + CLOCK_SKEW_MS) return fail('Invalid message', 'The message is not valid yet')

  const family = familyOfChain(data.chainId)
  if (!family) return fail('Unsupported chain', `Sign-in verification for ${parseCaipNetworkId(data.chainId).namespace} is not supported yet`)
  const signed = { chainId: data.chainId, address: data.accountAddress, message: input.message, signature: input.signature }
  try {
    if (!(await family.verifySiwx(ctx, signed))) return fail('Invalid signature', `The signature does not match ${data.accountAddress} for this message`)
  } catch {
    return fail('Invalid signature', 'The signature could not be verified')
  }
  return { ok: true }
}
