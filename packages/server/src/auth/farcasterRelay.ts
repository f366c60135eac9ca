import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { z } from 'zod'
import type { ServerConfig } from '../config.js'

type FarcasterConfig = NonNullable<ServerConfig['farcaster']>

/** The relay's answers, checked before use (the relay is trusted for nothing but transport). */
const Channel = z.looseObject({ channelToken: z.string().min(1).max(100), url: z.string().url().max(2000), nonce: z.string() })
const Status = z.discriminatedUnion('state', [
  z.looseObject({ state: z.literal('pending') }),
  z.looseObject({
    state: z.literal('completed'),
    message: z.string().min(1).max(4000),
    signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
    username: z.string().max(100).nullish(),
  }),
])

export class FarcasterRelayError extends Error {}

const within = <T>(ms: number, work: Promise<T>, what: string) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new FarcasterRelayError(`${what}: no answer within ${ms} ms`)), ms).unref())])

/**
 * Sign In With Farcaster through @farcaster/auth-client: channels on the configured relay, and
 * the signed message verified on the configured Optimism RPC (SIWE signature, nonce, domain, and
 * that the signer is the fid's custody address in the ID registry or one of its auth addresses in
 * the key registry). The fid is taken from the verified message only, never from the relay.
 */
export function farcasterRelay(config: FarcasterConfig, publicUrl: string) {
  const client = createAppClient({ relay: config.relayUrl.replace(/\/$/, ''), ethereum: viemConnector({ rpcUrl: config.optimismRpcUrl }) })
  const domain = config.domain ?? new URL(publicUrl).host
  const siweUri = config.siweUri ?? publicUrl
  return {
    domain,
    async createChannel(nonce: string) {
      const answer = await within(config.timeoutMs, client.createChannel({ siweUri, domain, nonce }), 'relay channel')
      if (answer.isError) throw new FarcasterRelayError(`relay channel: ${answer.error?.message ?? 'error'}`)
      const channel = Channel.safeParse(answer.data)
      if (!channel.success) throw new FarcasterRelayError('relay channel: unexpected answer')
      return channel.data
    },
    async status(channelToken: string) {
      const answer = await within(config.timeoutMs, client.status({ channelToken }), 'relay status')
      if (answer.isError) throw new FarcasterRelayError(`relay status: ${answer.error?.message ?? 'error'}`)
      const status = Status.safeParse(answer.data)
      if (!status.success) throw new FarcasterRelayError('relay status: unexpected answer')
      return status.data
    },
    /** The fid the message was signed for, when the signature, nonce, domain and the registry all agree. */
    async verify(opts: { nonce: string; message: string; signature: `0x${string}` }): Promise<{ fid: number } | { error: string }> {
      const result = await within(
        config.timeoutMs,
        client.verifySignInMessage({ nonce: opts.nonce, domain, message: opts.message, signature: opts.signature, acceptAuthAddress: true }),
        'verify',
      )
      if (result.isError || !result.success) return { error: (result.isError ? result.error?.message : undefined) ?? 'not verified' }
      return { fid: result.fid }
    },
  }
}
export type FarcasterRelay = ReturnType<typeof farcasterRelay>
