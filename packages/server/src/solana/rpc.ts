import { rpcUrlList } from '../config/rpc.js'
import { z } from 'zod'

/**
 * A small JSON-RPC client for a Solana chain (the server reads balances and history with it).
 * Answers are checked with the caller's zod schema; transport failures are retried 3 times with
 * a 150 ms backoff, as SPEC §7 'RPC' asks of chain calls; a JSON-RPC error is not retried.
 */
export interface SolanaRpc {
  readonly url: string
  call<T extends z.ZodType>(method: string, params: unknown[], schema: T): Promise<z.infer<T>>
}

/** The chain answered with a JSON-RPC error, or could not be reached, or answered something else. */
export class SolanaRpcError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
    this.name = 'SolanaRpcError'
  }
}

const TIMEOUT_MS = 10_000
const RETRIES = 3
const RETRY_DELAY_MS = 150

const Envelope = z.union([z.object({ result: z.unknown() }), z.object({ error: z.object({ code: z.number(), message: z.string() }) })])

export function solanaRpc(url: string): SolanaRpc {
  let id = 0
  async function send(body: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        if (!res.ok) throw new SolanaRpcError(`HTTP ${res.status}`)
        return JSON.parse(quoteLargeIntegers(await res.text()))
      } catch (error) {
        if (attempt >= RETRIES) throw error instanceof SolanaRpcError ? error : new SolanaRpcError(error instanceof Error ? error.message : String(error))
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * 2 ** attempt))
      }
    }
  }
  return {
    url,
    async call(method, params, schema) {
      const json = await send(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }))
      const envelope = Envelope.safeParse(json)
      if (!envelope.success) throw new SolanaRpcError(`${method}: not a JSON-RPC answer`)
      if ('error' in envelope.data) throw new SolanaRpcError(`${method}: ${envelope.data.error.message}`, envelope.data.error.code)
      const parsed = schema.safeParse(envelope.data.result)
      if (!parsed.success)
        throw new SolanaRpcError(`${method}: unexpected answer (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`)
      return parsed.data
    },
  }
}

/**
 * JSON numbers beyond 2^53 lose digits in JSON.parse (lamports can exceed it): integer literals
 * of 16 or more digits outside strings become strings, which U64 reads exactly.
 */
export function quoteLargeIntegers(text: string): string {
  let out = ''
  let last = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (inString) {
      if (ch === '\\') i++
      else if (ch === '"') inString = false
    } else if (ch === '"') inString = true
    else if (ch! >= '0' && ch! <= '9' && !/[\d.eE+-]/.test(text[i - 1] ?? '')) {
      let end = i
      while (end < text.length && text[end]! >= '0' && text[end]! <= '9') end++
      if (end - i >= 16 && !/[.eE]/.test(text[end] ?? '')) {
        out += `${text.slice(last, i)}"${text.slice(i, end)}"`
        last = end
      }
      i = end - 1
    }
  }
  return out + text.slice(last)
}

/** One client per configured solana chain (CAIP-2), made on first use. */
export function solanaClients(rpcUrls: Record<string, string | string[]>) {
  const clients = new Map<string, SolanaRpc>()
  return (caipNetworkId: string): SolanaRpc | undefined => {
    const url = rpcUrlList(rpcUrls[caipNetworkId])[0]
    if (!url || !caipNetworkId.startsWith('solana:')) return undefined
    let client = clients.get(caipNetworkId)
    if (!client) clients.set(caipNetworkId, (client = solanaRpc(url)))
    return client
  }
}

/** u64 values arrive as JSON numbers (or strings from some RPCs); kept exact as bigint. */
export const U64 = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform((v) => BigInt(v))

/** An RPC answer wrapped with its context slot. */
export const withContext = <T extends z.ZodType>(value: T) => z.object({ value })

export const BalanceAnswer = withContext(U64)

/** getTokenAccountsByOwner with jsonParsed: the parsed token account of either token program. */
export const TokenAccountsAnswer = withContext(
  z.array(
    z.object({
      pubkey: z.string(),
      account: z.object({
        owner: z.string(),
        data: z.object({
          parsed: z.object({
            type: z.string(),
            info: z.object({
              mint: z.string(),
              owner: z.string(),
              tokenAmount: z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int().min(0).max(255) }),
            }),
          }),
        }),
      }),
    }),
  ),
)
