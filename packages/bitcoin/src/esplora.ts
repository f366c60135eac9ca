import { PorticoError, retry, RpcPolicy, systemClock, type AdapterFeeRates, type CaipNetwork, type RpcHost } from '@portico/core'
import * as v from 'valibot'
import { TxidSchema } from './schemas.js'

// Esplora replies, checked before use.
const Stats = v.looseObject({ funded_txo_sum: v.number(), spent_txo_sum: v.number() })
export const EsploraAddressSchema = v.looseObject({ chain_stats: Stats, mempool_stats: Stats })
export const EsploraUtxosSchema = v.array(
  v.looseObject({
    txid: TxidSchema,
    vout: v.pipe(v.number(), v.integer(), v.minValue(0)),
    value: v.pipe(v.number(), v.integer(), v.minValue(0)),
    status: v.looseObject({ confirmed: v.boolean() }),
  }),
)
export const EsploraTxStatusSchema = v.looseObject({ confirmed: v.boolean(), block_height: v.optional(v.number()) })
export const FeeEstimatesSchema = v.record(v.string(), v.number())
export const FeeRatesSchema = v.looseObject({ slow: v.number(), normal: v.number(), fast: v.number() })

/** Where a network's chain data comes from: the Portico server's Esplora proxy, else the network's own Esplora URL. */
export interface EsploraContext {
  caipNetwork: CaipNetwork
  rpcHost?: RpcHost
  fetch?: typeof fetch
}

const reference = (caipNetwork: CaipNetwork) => caipNetwork.caipNetworkId.slice('bip122:'.length)

/** The URL of an Esplora path (`/address/…`), through the server's proxy when apiUrl is set. */
export function esploraUrl({ caipNetwork, rpcHost }: EsploraContext, path: string): string {
  if (rpcHost?.apiUrl) {
    const url = new URL(`${rpcHost.apiUrl.replace(/\/$/, '')}/v1/bip122/${reference(caipNetwork)}/esplora${path}`)
    if (rpcHost.projectId) url.searchParams.set('projectId', rpcHost.projectId)
    return url.toString()
  }
  const base = caipNetwork.rpcUrls.default.http[0]
  if (!base) throw new EsploraError(0, `${caipNetwork.name} has no Esplora URL`)
  return `${base.replace(/\/$/, '')}${path}`
}

/** A request with SPEC §7's retry policy: no answer, HTTP 429 or 5xx are tried again. */
async function request(context: EsploraContext, url: string, init?: RequestInit): Promise<Response> {
  const doFetch = context.fetch ?? fetch
  return retry({
    run: async () => {
      const response = await doFetch(url, init)
      if (response.status === 429 || response.status >= 500) throw Object.assign(new Error(`HTTP ${response.status}`), { transient: true })
      return response
    },
    intervalMs: RpcPolicy.retryDelayMs,
    backoff: 2,
    maxTries: RpcPolicy.retryCount + 1,
    clock: systemClock,
    shouldRetry: (error) => error instanceof TypeError || Boolean((error as { transient?: boolean }).transient),
  })
}

/** An HTTP failure keeps its status and the server's text (a node's reject reason on POST /tx). */
export class EsploraError extends PorticoError {
  override name = 'EsploraError'
  declare readonly status: number
  declare readonly reason: string
  constructor(status: number, reason: string) {
    super({ key: 'error.httpStatus', params: { 0: status }, text: `HTTP status code ${status}` }, { category: 'API_ERROR', details: reason })
    this.status = status
    this.reason = reason
  }
}

async function get<T extends v.GenericSchema>(context: EsploraContext, path: string, schema: T): Promise<v.InferOutput<T>> {
  const response = await request(context, esploraUrl(context, path))
  if (!response.ok) throw new EsploraError(response.status, await response.text())
  return v.parse(schema, await response.json())
}

/** Confirmed plus unconfirmed satoshis of an address. */
export async function getAddressBalance(context: EsploraContext, address: string): Promise<bigint> {
  const { chain_stats: chain, mempool_stats: mempool } = await get(context, `/address/${encodeURIComponent(address)}`, EsploraAddressSchema)
  return BigInt(chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum)
}

export const getUtxos = (context: EsploraContext, address: string) => get(context, `/address/${encodeURIComponent(address)}/utxo`, EsploraUtxosSchema)

export const getTxStatus = (context: EsploraContext, txid: string) => get(context, `/tx/${encodeURIComponent(txid)}/status`, EsploraTxStatusSchema)

/** Broadcasts a raw transaction (hex); its txid. */
export async function broadcast(context: EsploraContext, txHex: string): Promise<string> {
  const response = await request(context, esploraUrl(context, '/tx'), { method: 'POST', body: txHex, headers: { 'content-type': 'text/plain' } })
  const text = (await response.text()).trim()
  if (!response.ok) throw new EsploraError(response.status, text)
  return v.parse(TxidSchema, text)
}

/** { slow, normal, fast } sat/vB: the server's /fee-rates, else Esplora's /fee-estimates at 144, 6 and 1 blocks. */
export async function getFeeRates(context: EsploraContext): Promise<AdapterFeeRates> {
  const { caipNetwork, rpcHost } = context
  if (rpcHost?.apiUrl) {
    const url = new URL(`${rpcHost.apiUrl.replace(/\/$/, '')}/v1/bip122/${reference(caipNetwork)}/fee-rates`)
    if (rpcHost.projectId) url.searchParams.set('projectId', rpcHost.projectId)
    const response = await request(context, url.toString())
    if (!response.ok) throw new EsploraError(response.status, await response.text())
    return v.parse(FeeRatesSchema, await response.json())
  }
  return feeRatesFromEstimates(await get(context, '/fee-estimates', FeeEstimatesSchema))
}

/** Esplora's estimates by confirmation target: 144 blocks slow, 6 normal, 1 fast; whole sat/vB, at least 1. */
export function feeRatesFromEstimates(estimates: Record<string, number>): AdapterFeeRates {
  const at = (target: number) => {
    const targets = Object.keys(estimates)
      .map(Number)
      .filter((t) => Number.isFinite(t))
      .sort((a, b) => a - b)
    // The nearest target at or above the wanted one (a slower estimate), else the slowest there is.
    const key = targets.find((t) => t >= target) ?? targets[targets.length - 1]
    return Math.max(1, Math.ceil(key === undefined ? 1 : estimates[String(key)]!))
  }
  const slow = at(144)
  const normal = Math.max(slow, at(6))
  return { slow, normal, fast: Math.max(normal, at(1)) }
}
