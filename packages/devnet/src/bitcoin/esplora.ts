/**
 * The Esplora HTTP API over the devnet's index (the documented esplora/electrs routes Portico uses).
 * Errors are plain text with Esplora's statuses: 400 for bad input, 404 for unknown objects, and
 * POST /tx's rejection in electrs's words: `sendrawtransaction RPC error: {"code":-26,"message":"<reason>"}`.
 */
import { hex } from '@scure/base'
import { BroadcastRejectedError } from './bcoin'
import { type ChainIndex, type ChainView, type IndexedTx, inputTxid } from './chainIndex'
import { BITCOIN_DEVNET_FEE_ESTIMATES } from './constants'
import type { EsploraAddress, EsploraStats, EsploraUtxo } from './esploraSchemas'
import { addressToScript, prevout, renderStatus, renderTx } from './render'

export interface EsploraContext {
  index: ChainIndex
  broadcast(raw: Uint8Array): Promise<string>
}

export interface EsploraReply {
  status: number
  /** JSON values are serialized; strings are sent as text/plain. */
  body: unknown
}

/** Esplora's page sizes: 25 confirmed transactions a page, up to 50 mempool ones first. */
const CHAIN_PAGE = 25
const MEMPOOL_PAGE = 50

const text = (status: number, body: string): EsploraReply => ({ status, body })
const json = (body: unknown): EsploraReply => ({ status: 200, body })
const TXID = /^[0-9a-fA-F]{64}$/

export async function handleEsplora(ctx: EsploraContext, method: string, path: string, body: string): Promise<EsploraReply> {
  let parts: string[]
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return text(400, 'Invalid URL encoding')
  }
  if (method === 'POST') return parts.length === 1 && parts[0] === 'tx' ? postTx(ctx, body) : text(404, 'Not found')
  if (method !== 'GET') return text(405, 'Method not allowed')
  const view = ctx.index.view()
  const [head, arg, ...rest] = parts
  if (head === 'blocks' && arg === 'tip' && rest.length === 1) {
    if (rest[0] === 'height') return text(200, String(view.tip.height))
    if (rest[0] === 'hash') return text(200, view.tip.hash)
  }
  if (head === 'block-height' && arg !== undefined && rest.length === 0) {
    if (!/^\d{1,10}$/.test(arg)) return text(400, 'Invalid block height')
    const block = ctx.index.blocks[Number(arg)]
    return block ? text(200, block.hash) : text(404, 'Block not found')
  }
  if (head === 'fee-estimates' && arg === undefined) return json(BITCOIN_DEVNET_FEE_ESTIMATES)
  if (head === 'address' && arg !== undefined) {
    const script = addressToScript(arg)
    if (!script) return text(400, `Invalid Bitcoin address for regtest: ${arg.slice(0, 100)}`)
    return addressRoute(view, ctx.index, arg, script, rest)
  }
  if (head === 'tx' && arg !== undefined) {
    if (!TXID.test(arg)) return text(400, 'Invalid transaction id: 64 hex characters expected')
    const item = view.getTx(arg.toLowerCase())
    if (!item) return text(404, 'Transaction not found')
    return txRoute(view, ctx.index, item, rest)
  }
  return text(404, 'Not found')
}

function txRoute(view: ChainView, index: ChainIndex, item: IndexedTx, rest: string[]): EsploraReply {
  const route = rest.join('/')
  if (route === '') return json(renderTx(view, item))
  if (route === 'status') return json(renderStatus(item))
  if (route === 'hex') return text(200, hex.encode(item.raw))
  if (route === 'outspends') return json(item.tx.outputs.map((_, vout) => outspend(view, index, item.txid, vout)))
  return text(404, 'Not found')
}

function outspend(view: ChainView, index: ChainIndex, txid: string, vout: number) {
  const spend = index.confirmedSpend(txid, vout) ?? mempoolSpend(view, txid, vout)
  if (!spend) return { spent: false }
  const by = view.getTx(spend.txid)
  return { spent: true, txid: spend.txid, vin: spend.vin, ...(by ? { status: renderStatus(by) } : {}) }
}

function mempoolSpend(view: ChainView, txid: string, vout: number) {
  for (const t of view.mempool) {
    const vin = t.tx.inputs.findIndex((input) => inputTxid(input) === txid && input.index === vout)
    if (vin >= 0) return { txid: t.txid, vin }
  }
  return undefined
}

function addressRoute(view: ChainView, index: ChainIndex, address: string, script: string, rest: string[]): EsploraReply {
  const confirmed = index.confirmedHistory(script)
  const pending = view.mempool.filter((t) => touches(view, t, script))
  const route = rest.join('/')
  if (route === '') {
    const reply: EsploraAddress = { address, chain_stats: stats(view, confirmed, script), mempool_stats: stats(view, pending, script) }
    return json(reply)
  }
  if (route === 'utxo') return json(utxos(view, index, [...confirmed, ...pending], script))
  const newestFirst = [...confirmed].reverse()
  const render = (list: IndexedTx[]) => json(list.map((t) => renderTx(view, t)))
  if (route === 'txs') return render([...[...pending].reverse().slice(0, MEMPOOL_PAGE), ...newestFirst.slice(0, CHAIN_PAGE)])
  if (route === 'txs/mempool') return render([...pending].reverse().slice(0, MEMPOOL_PAGE))
  if (route === 'txs/chain') return render(newestFirst.slice(0, CHAIN_PAGE))
  if (rest.length === 3 && rest[0] === 'txs' && rest[1] === 'chain') {
    if (!TXID.test(rest[2])) return text(400, 'Invalid transaction id: 64 hex characters expected')
    const at = newestFirst.findIndex((t) => t.txid === rest[2].toLowerCase())
    return render(at < 0 ? [] : newestFirst.slice(at + 1, at + 1 + CHAIN_PAGE))
  }
  return text(404, 'Not found')
}

function touches(view: ChainView, item: IndexedTx, script: string): boolean {
  if (item.tx.outputs.some((o) => hex.encode(o.script) === script)) return true
  return item.tx.inputs.some((input) => {
    const prev = prevout(view, input)
    return prev !== undefined && hex.encode(prev.script) === script
  })
}

function stats(view: ChainView, txs: IndexedTx[], script: string): EsploraStats {
  const s = { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: txs.length }
  for (const t of txs) {
    for (const o of t.tx.outputs) {
      if (hex.encode(o.script) !== script) continue
      s.funded_txo_count++
      s.funded_txo_sum += Number(o.amount)
    }
    for (const input of t.tx.inputs) {
      const prev = prevout(view, input)
      if (!prev || hex.encode(prev.script) !== script) continue
      s.spent_txo_count++
      s.spent_txo_sum += Number(prev.amount)
    }
  }
  return s
}

/** Unspent outputs paying the script, confirmed or not, minus those a mempool transaction spends. */
function utxos(view: ChainView, index: ChainIndex, txs: IndexedTx[], script: string): EsploraUtxo[] {
  const spentInMempool = new Set(view.mempool.flatMap((t) => t.tx.inputs.map((i) => `${inputTxid(i)}:${i.index}`)))
  const out: EsploraUtxo[] = []
  for (const t of txs) {
    t.tx.outputs.forEach((o, vout) => {
      if (hex.encode(o.script) !== script) return
      if (index.confirmedSpend(t.txid, vout) || spentInMempool.has(`${t.txid}:${vout}`)) return
      out.push({ txid: t.txid, vout, value: Number(o.amount), status: renderStatus(t) })
    })
  }
  return out
}

async function postTx(ctx: EsploraContext, body: string): Promise<EsploraReply> {
  const raw = body.trim()
  const reject = (code: number, message: string) => text(400, `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`)
  if (!/^([0-9a-fA-F]{2})+$/.test(raw)) return reject(-22, 'TX decode failed')
  try {
    return text(200, await ctx.broadcast(hex.decode(raw.toLowerCase())))
  } catch (err) {
    if (err instanceof BroadcastRejectedError) return reject(err.code, err.reason)
    throw err
  }
}
