/**
 * The two Esplora calls the wallet makes (the documented esplora/electrs HTTP API): its payment UTXOs
 * (GET /address/:a/utxo) and a broadcast (POST /tx, raw hex body, txid text or HTTP 400 with the reason).
 */
import * as v from 'valibot'
import { DocsBroadcastError } from './errors'

const txidSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))

export const esploraUtxoSchema = v.object({
  txid: txidSchema,
  vout: v.pipe(v.number(), v.integer(), v.minValue(0)),
  value: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.object({ confirmed: v.boolean() }),
})
export type EsploraUtxo = v.InferOutput<typeof esploraUtxoSchema>

const feeEstimatesSchema = v.record(v.string(), v.number())

function base(url: string): string {
  return url.replace(/\/+$/, '')
}

export async function getUtxos(url: string, address: string): Promise<EsploraUtxo[]> {
  const response = await fetch(`${base(url)}/address/${encodeURIComponent(address)}/utxo`)
  if (!response.ok) throw new Error(`Esplora GET /address/:a/utxo answered HTTP ${response.status}`)
  return v.parse(v.array(esploraUtxoSchema), await response.json())
}

/** sat/vB for a confirmation target, from GET /fee-estimates; `fallback` when the API has none. */
export async function getFeeRate(url: string, target: number, fallback: number): Promise<number> {
  try {
    const response = await fetch(`${base(url)}/fee-estimates`)
    if (!response.ok) return fallback
    const rate = v.parse(feeEstimatesSchema, await response.json())[String(target)]
    return rate !== undefined && rate >= 1 ? Math.ceil(rate) : fallback
  } catch {
    return fallback
  }
}

export async function broadcast(url: string, txHex: string): Promise<string> {
  let response: Response
  try {
    response = await fetch(`${base(url)}/tx`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: txHex })
  } catch {
    throw new DocsBroadcastError({})
  }
  const text = (await response.text()).trim()
  if (!response.ok) throw new DocsBroadcastError({ status: response.status, nodeReason: text })
  const txid = v.safeParse(txidSchema, text)
  if (!txid.success) throw new DocsBroadcastError({ status: response.status })
  return txid.output
}
