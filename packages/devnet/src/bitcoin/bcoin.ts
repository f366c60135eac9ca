/**
 * bcoin 1.0.2 in-process, set up as /work/shared/notes/bitcoin-devnet.md measured it: pure-JS crypto
 * backends, Bitcoin Core's regtest prefixes, segwit and csv active from height 3, memory only, no P2P,
 * and a sendrawtransaction that answers a mempool rejection with its reason (stock 1.0.2 returns the
 * txid anyway). bcoin ships no types: the few members used here are typed below.
 */
import { createRequire } from 'node:module'

export interface BcoinTX {
  txid(): string
  toRaw(): Buffer
  getSize(): number
  getWeight(): number
}

export interface BcoinEntry {
  height: number
  time: number
  rhash(): string
}

export interface BcoinBlock {
  txs: BcoinTX[]
}

export interface BcoinMempoolEntry {
  tx: BcoinTX
  time: number
}

interface BcoinEmitter {
  on(event: string, listener: (...args: never[]) => unknown): void
}

export interface BcoinNode {
  chain: BcoinEmitter & { height: number; tip: BcoinEntry }
  mempool: BcoinEmitter & {
    map: Map<string, BcoinMempoolEntry>
    addTX(tx: BcoinTX): Promise<unknown[] | null>
    removeOrphan(hash: string): void
    hasOrphan(hash: string): boolean
  }
  rpc: { calls: Record<string, (args: unknown[]) => Promise<unknown>>; mineBlocks(count: number, address: unknown): Promise<string[]> }
  http: { on(event: 'listening', listener: (address: { port: number }) => void): void }
  open(): Promise<void>
  close(): Promise<void>
}

interface Bcoin {
  networks: { regtest: Record<string, unknown> & { deployments: Record<string, object> } }
  FullNode: new (options: Record<string, unknown>) => BcoinNode
  TX: { fromRaw(raw: Buffer): BcoinTX & { hash(enc: 'hex'): string } }
  Address: { fromString(address: string, network: string): unknown }
  mining: { BlockTemplate: { prototype: { createCoinbase(this: unknown, hash: unknown): CoinbaseTX } } }
}

interface CoinbaseTX {
  inputs: { script: { setData(index: number, data: Buffer): void; compile(): void } }[]
  refresh(): void
}

/** A mempool or consensus rejection, as Bitcoin Core's sendrawtransaction reports it. */
export class BroadcastRejectedError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason)
    this.name = 'BroadcastRejectedError'
  }
}

let loaded: { bcoin: Bcoin; RPCError: new (code: number, message: string) => Error } | undefined

function load() {
  if (loaded) return loaded
  // bcrypto's and mrmr's 2018 native addons do not build on Node 20: their pure-JS backends instead.
  process.env.NODE_BACKEND ??= 'js'
  const require = createRequire(import.meta.url)
  const bcoin = require('bcoin') as Bcoin
  const R = bcoin.networks.regtest
  R.addressPrefix = { pubkeyhash: 0x6f, scripthash: 0xc4, witnesspubkeyhash: 0x03, witnessscripthash: 0x28, bech32: 'bcrt' }
  R.keyPrefix = { privkey: 0xef, xpubkey: 0x043587cf, xprivkey: 0x04358394, xpubkey58: 'tpub', xprivkey58: 'tprv', coinType: 1 }
  for (const name of ['csv', 'segwit']) Object.assign(R.deployments[name], { window: 1, threshold: 1 })
  // Keep it false: sending to P2TR (witness v1) must be accepted though 1.0.2 predates taproot.
  R.requireStandard = false
  // The coinbase's 4-byte nonce is random in bcoin; zero makes every start mine the same coinbase
  // transactions, so the faucet's and the dev accounts' txids are the same on every start.
  const { prototype } = bcoin.mining.BlockTemplate
  const createCoinbase = prototype.createCoinbase
  prototype.createCoinbase = function (hash) {
    const cb = createCoinbase.call(this, hash)
    cb.inputs[0].script.setData(2, Buffer.alloc(4))
    cb.inputs[0].script.compile()
    cb.refresh()
    return cb
  }
  const { RPCError } = require('bweb') as { RPCError: new (code: number, message: string) => Error }
  loaded = { bcoin, RPCError }
  return loaded
}

export interface BcoinHandle {
  node: BcoinNode
  /** The bcoin HTTP server's port on 127.0.0.1 (JSON-RPC, Basic auth with `apiKey`). */
  port: number
  apiKey: string
  /** Adds a raw transaction to the mempool; BroadcastRejectedError with Core's code and reason. */
  broadcast(raw: Uint8Array): Promise<string>
  mineTo(address: string, count: number): Promise<string[]>
}

export async function openBcoin(): Promise<BcoinHandle> {
  const { bcoin, RPCError } = load()
  const apiKey = 'portico-devnet'
  const node = new bcoin.FullNode({
    network: 'regtest',
    memory: true,
    workers: false,
    listen: false,
    indexTX: true,
    indexAddress: true,
    httpHost: '127.0.0.1',
    httpPort: 0,
    apiKey,
    logLevel: 'none',
  })
  const broadcast = async (raw: Uint8Array) => {
    let tx: ReturnType<Bcoin['TX']['fromRaw']>
    try {
      tx = bcoin.TX.fromRaw(Buffer.from(raw))
    } catch {
      throw new BroadcastRejectedError(-22, 'TX decode failed')
    }
    let missing: unknown[] | null
    try {
      missing = await node.mempool.addTX(tx)
    } catch (err) {
      const e = err as { reason?: string; message: string }
      throw new BroadcastRejectedError(-26, e.reason ?? e.message)
    }
    if (missing?.length) {
      // Core does not keep orphans from sendrawtransaction; neither does the devnet.
      const hash = tx.hash('hex')
      if (node.mempool.hasOrphan(hash)) node.mempool.removeOrphan(hash)
      throw new BroadcastRejectedError(-25, 'bad-txns-inputs-missingorspent')
    }
    return tx.txid()
  }
  node.rpc.calls.sendrawtransaction = async (args) => {
    const hex = typeof args[0] === 'string' ? args[0] : ''
    if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw new RPCError(-22, 'TX decode failed')
    try {
      return await broadcast(Buffer.from(hex, 'hex'))
    } catch (err) {
      if (err instanceof BroadcastRejectedError) throw new RPCError(err.code, err.reason)
      throw err
    }
  }
  const listening = new Promise<number>((resolve) => node.http.on('listening', (address) => resolve(address.port)))
  await node.open()
  const port = await listening
  return {
    node,
    port,
    apiKey,
    broadcast,
    mineTo: (address, count) => node.rpc.mineBlocks(count, bcoin.Address.fromString(address, 'regtest')),
  }
}
