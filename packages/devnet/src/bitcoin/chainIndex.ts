/**
 * The devnet's own transaction and address index, fed from the node's block connects/disconnects and
 * read live from its mempool. bcoin 1.0.2 cannot index P2TR (`bcrt1p…`) addresses and keys its address
 * index by hash only (a key's P2PKH and P2WPKH share a history); this one is keyed by scriptPubKey, as
 * Esplora's is, so every address type gets its own history, UTXOs and balance.
 */
import { hex } from '@scure/base'
import { RawTx } from '@scure/btc-signer'
import type { BcoinBlock, BcoinEntry, BcoinNode, BcoinTX } from './bcoin'

export type DecodedTx = ReturnType<typeof RawTx.decode>

export interface BlockRef {
  height: number
  hash: string
  time: number
}

export interface IndexedTx {
  txid: string
  raw: Uint8Array
  tx: DecodedTx
  size: number
  weight: number
  /** Undefined while in the mempool. */
  block?: BlockRef
  /** The position in its block (chain order within a block). */
  position: number
  /** Seconds; the mempool's entry time, or the block time. */
  seen: number
}

export interface SpendRef {
  txid: string
  vin: number
}

const COINBASE_TXID = '0'.repeat(64)

export const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`

export function isCoinbaseInput(input: DecodedTx['inputs'][number]): boolean {
  return hex.encode(input.txid) === COINBASE_TXID && input.index === 0xffffffff
}

export function inputTxid(input: DecodedTx['inputs'][number]): string {
  return hex.encode(input.txid)
}

function index(tx: BcoinTX, block: BlockRef | undefined, position: number, seen: number): IndexedTx {
  const raw = new Uint8Array(tx.toRaw())
  return { txid: tx.txid(), raw, tx: RawTx.decode(raw), size: tx.getSize(), weight: tx.getWeight(), block, position, seen }
}

export interface ChainView {
  tip: BlockRef
  /** Oldest first. */
  mempool: IndexedTx[]
  getTx(txid: string): IndexedTx | undefined
}

export class ChainIndex {
  /** blocks[height]; blocks[0] is the genesis block (its coinbase is not spendable and not indexed). */
  readonly blocks: (BlockRef & { txids: string[] })[] = []
  private readonly confirmed = new Map<string, IndexedTx>()
  private readonly history = new Map<string, string[]>()
  private readonly spentBy = new Map<string, SpendRef>()
  private readonly mempoolCache = new Map<string, IndexedTx>()

  constructor(private readonly node: BcoinNode) {
    const tip = node.chain.tip
    this.blocks.push({ height: tip.height, hash: tip.rhash(), time: tip.time, txids: [] })
    node.chain.on('connect', (entry: BcoinEntry, block: BcoinBlock) => this.connect(entry, block))
    node.chain.on('disconnect', (entry: BcoinEntry) => this.disconnect(entry))
  }

  get tip(): BlockRef {
    return this.blocks[this.blocks.length - 1]
  }

  private connect(entry: BcoinEntry, block: BcoinBlock) {
    const ref: BlockRef = { height: entry.height, hash: entry.rhash(), time: entry.time }
    const txids: string[] = []
    block.txs.forEach((btx, position) => {
      const item = index(btx, ref, position, entry.time)
      this.confirmed.set(item.txid, item)
      txids.push(item.txid)
      const scripts = new Set<string>()
      item.tx.inputs.forEach((input, vin) => {
        if (isCoinbaseInput(input)) return
        const prev = this.confirmed.get(inputTxid(input))?.tx.outputs[input.index]
        if (prev) scripts.add(hex.encode(prev.script))
        this.spentBy.set(outpointKey(inputTxid(input), input.index), { txid: item.txid, vin })
      })
      for (const out of item.tx.outputs) scripts.add(hex.encode(out.script))
      for (const script of scripts) {
        const list = this.history.get(script)
        if (list) list.push(item.txid)
        else this.history.set(script, [item.txid])
      }
    })
    this.blocks[entry.height] = { ...ref, txids }
    this.blocks.length = entry.height + 1
  }

  /** Blocks leave from the tip, so their transactions are the last ones of every history they touch. */
  private disconnect(entry: BcoinEntry) {
    const block = this.blocks[entry.height]
    if (!block) return
    for (const txid of [...block.txids].reverse()) {
      const item = this.confirmed.get(txid)
      if (!item) continue
      for (const input of item.tx.inputs) if (!isCoinbaseInput(input)) this.spentBy.delete(outpointKey(inputTxid(input), input.index))
      for (const [script, list] of this.history) {
        if (list[list.length - 1] === txid) list.pop()
        if (list.length === 0) this.history.delete(script)
      }
      this.confirmed.delete(txid)
    }
    this.blocks.length = entry.height
  }

  /** Mempool transactions, oldest first (decoded once while they stay). */
  mempool(): IndexedTx[] {
    const live = new Set<string>()
    const out: IndexedTx[] = []
    for (const entry of this.node.mempool.map.values()) {
      const txid = entry.tx.txid()
      live.add(txid)
      let item = this.mempoolCache.get(txid)
      if (!item) {
        item = index(entry.tx, undefined, 0, entry.time)
        this.mempoolCache.set(txid, item)
      }
      out.push(item)
    }
    for (const txid of this.mempoolCache.keys()) if (!live.has(txid)) this.mempoolCache.delete(txid)
    return out.sort((a, b) => a.seen - b.seen)
  }

  /** A snapshot for one request: confirmed transactions and the mempool as it is now. */
  view(): ChainView {
    const mempool = this.mempool()
    const byId = new Map(mempool.map((t) => [t.txid, t]))
    return { tip: this.tip, mempool, getTx: (txid) => this.confirmed.get(txid) ?? byId.get(txid) }
  }

  /** Confirmed transactions touching the script, oldest first. */
  confirmedHistory(script: string): IndexedTx[] {
    return (this.history.get(script) ?? []).map((txid) => this.confirmed.get(txid)).filter((t) => t !== undefined)
  }

  /** The confirmed transaction spending an output, if any. */
  confirmedSpend(txid: string, vout: number): SpendRef | undefined {
    return this.spentBy.get(outpointKey(txid, vout))
  }
}
