/** The few Esplora calls a wallet makes (the devnet serves the documented esplora/electrs shapes): UTXOs, fee estimates, broadcast. */
import * as v from 'valibot'

const Utxo = v.object({
  txid: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  vout: v.pipe(v.number(), v.integer(), v.minValue(0)),
  value: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.object({ confirmed: v.boolean() }),
})
export type EsploraUtxo = v.InferOutput<typeof Utxo>
const Utxos = v.array(Utxo)
const FeeEstimates = v.record(v.string(), v.number())
const Txid = v.pipe(v.string(), v.trim(), v.regex(/^[0-9a-f]{64}$/))

export class EsploraError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'EsploraError'
  }
}

async function call(base: string, path: string, init?: RequestInit): Promise<Response> {
  const url = base.replace(/\/+$/, '') + path
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (err) {
    throw new EsploraError(`${url} is unreachable: ${err instanceof Error ? err.message : String(err)}`)
  }
  if (!response.ok)
    throw new EsploraError(`${init?.method ?? 'GET'} ${path}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`, response.status)
  return response
}

function parse<T>(schema: v.GenericSchema<unknown, T>, value: unknown, what: string): T {
  const parsed = v.safeParse(schema, value)
  if (!parsed.success) throw new EsploraError(`Unexpected ${what}: ${v.summarize(parsed.issues)}`)
  return parsed.output
}

export async function fetchUtxos(base: string, address: string): Promise<EsploraUtxo[]> {
  return parse(Utxos, await (await call(base, `/address/${encodeURIComponent(address)}/utxo`)).json(), 'UTXO list')
}

/** sat/vB for about `target` blocks (the nearest target the API gives at or above it), at least 1. */
export async function fetchFeeRate(base: string, target = 6): Promise<number> {
  const estimates = parse(FeeEstimates, await (await call(base, '/fee-estimates')).json(), 'fee estimates')
  const targets = Object.keys(estimates)
    .map(Number)
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b)
  const chosen = targets.find((t) => t >= target) ?? targets.at(-1)
  return Math.max(1, Math.ceil(chosen === undefined ? 1 : estimates[String(chosen)]!))
}

/** POST /tx with the raw transaction in hex; resolves to its txid (the node's reject reason is the error's message). */
export async function broadcastTx(base: string, rawHex: string): Promise<string> {
  const response = await call(base, '/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: rawHex })
  return parse(Txid, await response.text(), 'broadcast answer')
}
