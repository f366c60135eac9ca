/**
 * EIP-5792 (Wallet Call API, version 2.0.0) for the EVM test wallets, the way a plain EOA wallet
 * does it: no atomicity (`atomic: { status: 'unsupported' }`), the calls of a batch sent one
 * transaction after another once the user approved the batch as a whole, and the batch's status
 * built from their receipts. Shared by the injected wallet and the WalletConnect wallet.
 */
import { bytesToHex, isAddress, isHex, numberToHex, type Hex } from 'viem'

export const EIP5792_METHODS = ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'] as const
/** The EIP-5792 methods that only read: answered without asking the user. */
export const EIP5792_READS = ['wallet_getCapabilities', 'wallet_getCallsStatus'] as const

const MAX_CALLS = 20

export interface WalletCall {
  to: Hex
  data?: Hex
  value: bigint
}

/** A raw JSON-RPC transaction receipt (only the fields EIP-5792 reports). */
interface RpcReceipt {
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

export interface CallsChain {
  chainId: number
  /** Signs and broadcasts one call as a transaction; resolves its hash. */
  sendOne(call: WalletCall): Promise<Hex>
  /** eth_getTransactionReceipt on the batch's chain. */
  receipt(hash: Hex): Promise<RpcReceipt | null>
}

type ErrorFactory = (code: number, message: string) => Error

interface Batch {
  id: string
  chainId: number
  calls: WalletCall[]
  hashes: Hex[]
  receipts: RpcReceipt[]
  /** 100 while running; 200 every call mined; 400 nothing sent; 500 the first reverted; 600 a later one. */
  status: number
  error?: string
}

export interface ParsedSendCalls {
  id?: string
  chainId: number
  calls: WalletCall[]
}

/** wallet_getCapabilities: per chain (hex), what this wallet offers. Sequential: never atomic. */
export function walletCapabilities(chainIds: number[], params: unknown[]): Record<Hex, { atomic: { status: 'unsupported' } }> {
  const asked = Array.isArray(params[1]) ? (params[1] as unknown[]).map((id) => Number(id)) : undefined
  const result: Record<Hex, { atomic: { status: 'unsupported' } }> = {}
  for (const id of chainIds) if (!asked || asked.includes(id)) result[numberToHex(id)] = { atomic: { status: 'unsupported' } }
  return result
}

/** The batches this wallet sent, in memory for the life of the wallet (as a browser wallet's session). */
export function createCallsStore(error: ErrorFactory, wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))) {
  const batches = new Map<string, Batch>()

  /** Checks a wallet_sendCalls request: EIP-5792's shape and codes, before any prompt. */
  function parse(params: unknown[], { address, chainId }: { address: Hex; chainId: number }): ParsedSendCalls {
    const request = params[0] as
      | { version?: unknown; id?: unknown; from?: unknown; chainId?: unknown; atomicRequired?: unknown; calls?: unknown; capabilities?: unknown }
      | undefined
    if (!request || typeof request !== 'object') throw error(-32602, 'wallet_sendCalls expects [{ version, chainId, atomicRequired, calls }].')
    if (request.version !== undefined && request.version !== '2.0.0' && request.version !== '1.0')
      throw error(-32602, `Unsupported wallet_sendCalls version "${String(request.version)}".`)
    if (request.from !== undefined && (typeof request.from !== 'string' || request.from.toLowerCase() !== address.toLowerCase()))
      throw error(4100, "The batch is not from this wallet's account.")
    const batchChain = typeof request.chainId === 'string' && isHex(request.chainId) ? Number(request.chainId) : NaN
    if (batchChain !== chainId) throw error(5710, `The batch names chain ${String(request.chainId)}; the wallet is on chain ${chainId}.`)
    if (request.atomicRequired === true) throw error(5760, 'Atomicity not supported: this wallet sends the calls one after another.')
    if (request.id !== undefined && (typeof request.id !== 'string' || request.id.length > 4096)) throw error(-32602, 'The batch id must be a string.')
    if (typeof request.id === 'string' && batches.has(request.id)) throw error(5720, `A batch with id ${request.id} was already sent.`)
    for (const [name, capability] of Object.entries((request.capabilities ?? {}) as Record<string, { optional?: boolean }>))
      if (!capability?.optional) throw error(5700, `Unsupported capability "${name}".`)
    if (!Array.isArray(request.calls) || request.calls.length === 0) throw error(-32602, 'wallet_sendCalls needs at least one call.')
    if (request.calls.length > MAX_CALLS) throw error(5740, `At most ${MAX_CALLS} calls per batch.`)
    const calls = request.calls.map((raw: unknown, i: number) => {
      const call = (raw ?? {}) as { to?: unknown; data?: unknown; value?: unknown; capabilities?: unknown }
      if (typeof call.to !== 'string' || !isAddress(call.to)) throw error(-32602, `Call ${i + 1}: "to" must be a 0x address.`)
      if (call.data !== undefined && (typeof call.data !== 'string' || !isHex(call.data))) throw error(-32602, `Call ${i + 1}: "data" must be 0x hex.`)
      if (call.value !== undefined && (typeof call.value !== 'string' || !isHex(call.value)))
        throw error(-32602, `Call ${i + 1}: "value" must be a 0x hex quantity.`)
      return { to: call.to as Hex, data: call.data as Hex | undefined, value: call.value ? BigInt(call.value) : 0n }
    })
    return { id: request.id as string | undefined, chainId, calls }
  }

  /** After approval: sends the calls one by one, each once the previous one is mined; resolves the batch id at once. */
  function start(parsed: ParsedSendCalls, chain: CallsChain): string {
    const id = parsed.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    const batch: Batch = { id, chainId: parsed.chainId, calls: parsed.calls, hashes: [], receipts: [], status: 100 }
    batches.set(id, batch)
    void run(batch, chain)
    return id
  }

  async function run(batch: Batch, chain: CallsChain) {
    try {
      for (const call of batch.calls) {
        const hash = await chain.sendOne(call)
        batch.hashes.push(hash)
        const receipt = await mined(chain, hash)
        batch.receipts.push(receipt)
        if (receipt.status !== '0x1') {
          batch.status = batch.receipts.length === 1 ? 500 : 600
          return
        }
      }
      batch.status = 200
    } catch (e) {
      batch.error = (e as Error).message
      batch.status = batch.hashes.length === 0 ? 400 : 600
    }
  }

  async function mined(chain: CallsChain, hash: Hex): Promise<RpcReceipt> {
    for (let delay = 50; ; delay = Math.min(delay * 2, 1_000)) {
      const receipt = await chain.receipt(hash)
      if (receipt) return receipt
      await wait(delay)
    }
  }

  function find(params: unknown[]): Batch {
    const id = params[0]
    const batch = typeof id === 'string' ? batches.get(id) : undefined
    if (!batch) throw error(5730, `No batch with id ${String(id)}.`)
    return batch
  }

  /** wallet_getCallsStatus in EIP-5792's 2.0.0 shape. */
  function status(params: unknown[]) {
    const batch = find(params)
    return {
      version: '2.0.0',
      id: batch.id,
      chainId: numberToHex(batch.chainId),
      status: batch.status,
      atomic: false,
      receipts: batch.receipts.map(({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }) => ({
        logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status,
        blockHash,
        blockNumber,
        gasUsed,
        transactionHash,
      })),
    }
  }

  return { parse, start, status, find }
}

/** The approval rows of a batch: one per call (to, value, data size). */
export function describeCalls(calls: WalletCall[], symbol: string, formatValue: (wei: bigint) => string) {
  return calls.map((call, i) => ({
    label: `Call ${i + 1}`,
    value: `to ${call.to}\n${formatValue(call.value)} ${symbol}${call.data && call.data !== '0x' ? `, data ${(call.data.length - 2) / 2} bytes (${call.data.slice(0, 10)})` : ''}`,
  }))
}
