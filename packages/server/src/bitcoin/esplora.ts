import { z } from 'zod'
import { rpcUrlList } from '../config/rpc.js'
import type { ServerConfig } from '../config.js'

/*
 * A client of the Esplora HTTP API (the documented esplora/electrs shape, which the devnet also serves):
 * each answer checked with its schema, each call bounded by a timeout, and the configured URLs tried in
 * order: an unreachable URL, a timeout or a 5xx moves to the next; a 4xx is the API's answer.
 */

const TIMEOUT_MS = 10_000

/** No configured Esplora URL answered (all unreachable, timed out, 5xx, or an answer outside the schema). */
export class EsploraUnavailableError extends Error {
  override name = 'EsploraUnavailableError'
}
/** The API answered 404 (no such transaction, block or path). */
export class EsploraNotFoundError extends Error {
  override name = 'EsploraNotFoundError'
}
/** POST /tx refused the transaction: `reason` is the node's reject reason, as it gave it. */
export class EsploraRejectedError extends Error {
  override name = 'EsploraRejectedError'
  constructor(readonly reason: string) {
    super(`The transaction was rejected: ${reason.slice(0, 300)}`)
  }
}

const Sats = z
  .number()
  .int()
  .nonnegative()
  .transform((v) => BigInt(v))
const Hex = z.string().regex(/^[0-9a-f]*$/i)
const Txid = z.string().regex(/^[0-9a-f]{64}$/i)

const Stats = z.object({ funded_txo_count: z.number(), funded_txo_sum: Sats, spent_txo_count: z.number(), spent_txo_sum: Sats, tx_count: z.number() })
export const AddressInfo = z.object({ chain_stats: Stats, mempool_stats: Stats })
export type AddressInfo = z.infer<typeof AddressInfo>

export const TxStatus = z.object({
  confirmed: z.boolean(),
  block_height: z.number().int().nonnegative().optional(),
  block_hash: Txid.optional(),
  block_time: z.number().int().nonnegative().optional(),
})

export const Utxos = z.array(z.object({ txid: Txid, vout: z.number().int().nonnegative(), value: Sats, status: TxStatus }))

const Output = z.object({ scriptpubkey: Hex, scriptpubkey_address: z.string().optional(), scriptpubkey_type: z.string().optional(), value: Sats })
export const EsploraTx = z.object({
  txid: Txid,
  version: z.number().int(),
  locktime: z.number().int(),
  vin: z.array(
    z.object({
      txid: Txid,
      vout: z.number().int(),
      prevout: Output.nullable().optional(),
      witness: z.array(Hex).optional(),
      sequence: z.number().int(),
      is_coinbase: z.boolean().optional(),
    }),
  ),
  vout: z.array(Output),
  size: z.number().int().optional(),
  weight: z.number().int().optional(),
  fee: Sats.optional(),
  status: TxStatus,
})
export type EsploraTx = z.infer<typeof EsploraTx>
export const EsploraTxs = z.array(EsploraTx)

/** sat/vB by confirmation target in blocks ("1", "3", "6", "144", …). */
export const FeeEstimates = z.record(z.string().regex(/^\d+$/), z.number().nonnegative())

export interface EsploraClient {
  readonly urls: readonly string[]
  /** A JSON answer of `path` (e.g. `/address/…`), checked with `schema`. */
  json<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>>
  /** A text answer (`/blocks/tip/height`, `/blocks/tip/hash`, `/tx/:id/hex`). */
  text(path: string): Promise<string>
  /** The chain's tip: its height and hash. */
  tip(): Promise<{ height: number; hash: string }>
  /** POST /tx: broadcasts a signed transaction (hex); answers its txid. */
  broadcast(hex: string): Promise<string>
}

export function esploraClient(urls: readonly string[], fetchImpl: typeof fetch = fetch): EsploraClient {
  if (urls.length === 0) throw new Error('esploraClient: no URL')
  async function request(path: string, init?: { method: 'POST'; body: string }): Promise<string> {
    let last: unknown
    for (const base of urls) {
      let res: Response
      try {
        res = await fetchImpl(`${base.replace(/\/+$/, '')}${path}`, {
          ...(init ? { method: 'POST', body: init.body, headers: { 'content-type': 'text/plain' } } : {}),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        last = error
        continue
      }
      const body = await res.text().catch(() => '')
      if (res.ok) return body
      if (res.status === 404) throw new EsploraNotFoundError(`${path}: not found`)
      if (init && res.status === 400) throw new EsploraRejectedError(body.trim())
      last = new Error(`HTTP ${res.status}`)
      if (res.status < 500) break
    }
    throw new EsploraUnavailableError(`Esplora ${path.split('/').slice(0, 2).join('/')}: ${last instanceof Error ? last.message : String(last)}`)
  }
  const client: EsploraClient = {
    urls,
    async json(path, schema) {
      const text = await request(path)
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw new EsploraUnavailableError(`Esplora ${path}: not JSON`)
      }
      const parsed = schema.safeParse(value)
      if (!parsed.success) throw new EsploraUnavailableError(`Esplora ${path}: unexpected answer (${parsed.error.issues[0]?.path.join('.')})`)
      return parsed.data
    },
    text: (path) => request(path).then((t) => t.trim()),
    async tip() {
      const [height, hash] = await Promise.all([client.text('/blocks/tip/height'), client.text('/blocks/tip/hash')])
      if (!/^\d{1,9}$/.test(height) || !/^[0-9a-f]{64}$/i.test(hash)) throw new EsploraUnavailableError('Esplora tip: unexpected answer')
      return { height: Number(height), hash }
    },
    async broadcast(hex) {
      const txid = await request('/tx', { method: 'POST', body: hex })
      if (!Txid.safeParse(txid.trim()).success) throw new EsploraUnavailableError('Esplora POST /tx: unexpected answer')
      return txid.trim()
    },
  }
  return client
}

const clients = new WeakMap<object, Map<string, EsploraClient>>()

/** The Esplora client of a configured bip122 chain (config.rpcUrls: one URL or fallbacks), made on first use; undefined when none is configured. */
export function esploraFor(config: Pick<ServerConfig, 'rpcUrls'>, chainId: string): EsploraClient | undefined {
  if (!chainId.startsWith('bip122:')) return undefined
  const urls = rpcUrlList(config.rpcUrls[chainId]).filter((url) => /^https?:\/\//.test(url))
  if (urls.length === 0) return undefined
  let byChain = clients.get(config.rpcUrls)
  if (!byChain) clients.set(config.rpcUrls, (byChain = new Map()))
  let client = byChain.get(chainId)
  if (!client) byChain.set(chainId, (client = esploraClient(urls)))
  return client
}
