import { formatSiwxMessage, originAllowed, type SIWXMessageData } from '@portico/core/spec'
import { verifyMessage } from 'viem'
import { verifySolanaSignature } from '../solana/signature.js'
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
 * origins, the times are fresh, and the signature is the account's — EIP-191 for EOAs and
 * EIP-1271 for contract accounts on eip155, ed25519 over the UTF-8 text on solana.
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

  if (data.chainId.startsWith('eip155:')) {
    const client = ctx.evmClient(data.chainId)
    const args = { address: data.accountAddress as `0x${string}`, message: input.message, signature: input.signature as `0x${string}` }
    try {
      // The chain's client also checks EIP-1271 (contract accounts); without one, EOAs only.
      const valid = client ? await client.verifyMessage(args) : await verifyMessage(args)
      if (!valid) return fail('Invalid signature', `The signature does not match ${data.accountAddress} for this message`)
    } catch {
      return fail('Invalid signature', 'The signature could not be verified')
    }
    return { ok: true }
  }
  if (data.chainId.startsWith('solana:')) {
    // CAIP-122 for solana: an ed25519 signature (base58) of the UTF-8 message by the account's key.
    if (!verifySolanaSignature(data.accountAddress, input.message, input.signature))
      return fail('Invalid signature', `The signature does not match ${data.accountAddress} for this message`)
    return { ok: true }
  }
  return fail('Unsupported chain', `Sign-in verification for ${data.chainId.split(':')[0]} is not supported yet`)
}
