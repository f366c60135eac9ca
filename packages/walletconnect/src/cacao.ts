import type { SIWXMessageData, WalletConnectSession } from '@portico/core'
import * as v from 'valibot'

type WalletConnectAuth = NonNullable<WalletConnectSession['auth']>

const text = (max: number) => v.pipe(v.string(), v.maxLength(max))

/** A CACAO as a wallet returns it for one-click auth (CAIP-74): header, payload, signature. Checked before use. */
export const CacaoSchema = v.object({
  h: v.object({ t: v.literal('caip122') }),
  p: v.object({
    // did:pkh:eip155:<chain>:<address>
    iss: v.pipe(v.string(), v.regex(/^did:pkh:eip155:\d{1,20}:0x[0-9a-fA-F]{40}$/)),
    domain: text(253),
    aud: v.optional(text(2048)),
    uri: v.optional(text(2048)),
    version: text(16),
    nonce: text(256),
    iat: text(64),
    exp: v.optional(text(64)),
    nbf: v.optional(text(64)),
    statement: v.optional(text(4096)),
    requestId: v.optional(text(256)),
    resources: v.optional(v.pipe(v.array(text(8192)), v.maxLength(64))),
  }),
  s: v.object({ t: v.picklist(['eip191', 'eip1271', 'eip6492']), s: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/), v.maxLength(20_000)) }),
})
export type Cacao = v.InferOutput<typeof CacaoSchema>

/**
 * The sign-in a CACAO holds, as Portico's message data, with the exact text the wallet signed
 * (`format`: the SDK's formatAuthMessage). The statement is taken from that text, because
 * ReCaps append a sentence to the one requested.
 */
export function authFromCacao(input: unknown, format: (cacao: Cacao) => string): WalletConnectAuth {
  const cacao = v.parse(CacaoSchema, input)
  const { p } = cacao
  const [, , , reference, accountAddress] = p.iss.split(':') as [string, string, string, string, string]
  const message = format(cacao)
  const lines = message.split('\n')
  const statement = lines[2] === '' && lines[3] && !lines[3].startsWith('URI: ') ? lines[3] : undefined
  const data: SIWXMessageData = {
    accountAddress,
    chainId: `eip155:${reference}`,
    domain: p.domain,
    uri: p.aud ?? p.uri ?? '',
    version: p.version,
    nonce: p.nonce,
    issuedAt: p.iat,
    ...(statement ? { statement } : {}),
    ...(p.exp ? { expirationTime: p.exp } : {}),
    ...(p.nbf ? { notBefore: p.nbf } : {}),
    ...(p.requestId ? { requestId: p.requestId } : {}),
    ...(p.resources?.length ? { resources: p.resources } : {}),
  }
  return { data, message, signature: cacao.s.s, cacao }
}
