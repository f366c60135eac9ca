import * as v from 'valibot'
import { apiUrl } from './apiUrl.js'
import { InternalRpcError, InvalidParamsRpcError } from './errors/rpc.js'

/**
 * The frame's reads and broadcasts on a bip122 network, through the Portico server's Esplora proxy
 * (`{apiUrl}/v1/bip122/{reference}/esplora/…` and `/fee-rates`): the frame never talks to an upstream itself.
 * Every answer is checked against its schema here.
 */

const Txid = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))
const Sats = v.pipe(v.number(), v.integer(), v.minValue(0))

const UtxosSchema = v.pipe(
  v.array(v.object({ txid: Txid, vout: v.pipe(v.number(), v.integer(), v.minValue(0)), value: Sats, status: v.object({ confirmed: v.boolean() }) })),
  v.maxLength(5_000),
)
const FeeRatesSchema = v.object({ slow: v.pipe(v.number(), v.minValue(1)), normal: v.pipe(v.number(), v.minValue(1)), fast: v.pipe(v.number(), v.minValue(1)) })

export type Utxo = { txid: string; vout: number; value: bigint; confirmed: boolean }

export interface BitcoinApi {
  utxos(address: string): Promise<Utxo[]>
  /** The network's 'normal' fee rate, sat/vB. */
  feeRate(): Promise<number>
  /** Broadcasts a signed transaction (hex); the node's refusal becomes -32602 with its reason. */
  broadcast(hex: string): Promise<string>
}

type Config = { apiUrl: string; projectId: string }

const RejectedSchema = v.object({ reason: v.string() })
/** The proxy answers a refused broadcast with `{ error, reason }` (the node's reject reason); Esplora itself with the text. */
function rejectReason(text: string): string {
  try {
    const parsed = v.safeParse(RejectedSchema, JSON.parse(text))
    return parsed.success ? parsed.output.reason : text
  } catch {
    return text
  }
}

export function createBitcoinApi(config: Config, caip2: string, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): BitcoinApi {
  const reference = caip2.slice('bip122:'.length)
  const url = (path: string) => apiUrl(config, `/v1/bip122/${reference}${path}`)
  const read = async <T>(path: string, schema: v.GenericSchema<unknown, T>): Promise<T> => {
    const response = await fetcher(url(path), { credentials: 'omit' })
    if (!response.ok) throw new InternalRpcError({ message: `The Bitcoin network could not be read (HTTP ${response.status})` })
    const parsed = v.safeParse(schema, await response.json())
    if (!parsed.success) throw new InternalRpcError({ message: 'The Bitcoin network answered in an unexpected shape' })
    return parsed.output
  }
  return {
    async utxos(address) {
      const list = await read(`/esplora/address/${encodeURIComponent(address)}/utxo`, UtxosSchema)
      return list.map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value), confirmed: u.status.confirmed }))
    },
    async feeRate() {
      return (await read('/fee-rates', FeeRatesSchema)).normal
    },
    async broadcast(hex) {
      const response = await fetcher(url('/esplora/tx'), { method: 'POST', body: hex, headers: { 'content-type': 'text/plain' }, credentials: 'omit' })
      const text = (await response.text()).trim()
      if (response.status === 400) throw new InvalidParamsRpcError({ message: `The network refused the transaction: ${rejectReason(text).slice(0, 300)}` })
      if (!response.ok) throw new InternalRpcError({ message: `The transaction could not be broadcast (HTTP ${response.status})` })
      if (!v.is(Txid, text)) throw new InternalRpcError({ message: 'The broadcast answered in an unexpected shape' })
      return text
    },
  }
}
