import SafeAppsSDK from '@safe-global/safe-apps-sdk'
import * as v from 'valibot'
import { ProviderRequestError } from '@portico/core'
import { AddressSchema, TxHashSchema, type Eip1193Provider, type TransactionQueue } from './schemas.js'

/**
 * How long a framed page waits for the parent's answer to getSafeInfo. Safe{Wallet} answers at
 * once (one postMessage round trip, a few ms); a parent that is not a Safe never answers.
 */
export const SAFE_DETECT_TIMEOUT_MS = 500

/** What Portico needs of the parent's getSafeInfo reply; anything else means "not a Safe". */
const SafeInfoSchema = v.object({
  safeAddress: AddressSchema,
  chainId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  threshold: v.optional(v.number()),
  owners: v.optional(v.array(v.string())),
  isReadOnly: v.optional(v.boolean()),
})

const SafeTxSchema = v.object({ txHash: v.optional(v.nullable(TxHashSchema)), txStatus: v.optional(v.string()) })

/** How often a queued Safe transaction is looked up (getTxBySafeTxHash) until the Safe executes it. */
export const SAFE_QUEUE_POLL_MS = 3_000

/**
 * A page running inside a Safe{Wallet} app frame: the Safe apps SDK's messaging to the parent
 * window (getSafeInfo, rpcCall, sendTransactions, …). The SDK accepts replies only from
 * `window.parent` and only to the ids it sent. Resolves undefined when the page is not framed, or
 * the parent does not answer within SAFE_DETECT_TIMEOUT_MS, or answers something that is not a Safe.
 */
export async function detectSafe({ timeoutMs = SAFE_DETECT_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<Eip1193Provider | undefined> {
  if (typeof window === 'undefined' || window.parent === window) return undefined
  const sdk = new SafeAppsSDK()
  // Never answered by a parent that is not a Safe: the wait ends at the timeout.
  const info = await new Promise<unknown>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs)
    sdk.safe.getInfo().then(
      (answer) => (clearTimeout(timer), resolve(answer)),
      () => (clearTimeout(timer), resolve(undefined)),
    )
  })
  const parsed = v.safeParse(SafeInfoSchema, info)
  if (!parsed.success) return undefined
  return safeProvider(parsed.output.safeAddress, parsed.output.chainId, sdk)
}

type SafeAppsSDKType = InstanceType<typeof SafeAppsSDK>
type Read = (sdk: SafeAppsSDKType, params: unknown[]) => Promise<unknown>

/** Chain reads, through the Safe's rpcCall (Safe{Wallet} answers them from its own node). */
const READS: Record<string, Read> = {
  eth_call: (sdk, p) => sdk.eth.call(p as never),
  eth_getBalance: (sdk, p) => sdk.eth.getBalance(p as never),
  eth_getCode: (sdk, p) => sdk.eth.getCode(p as never),
  eth_getStorageAt: (sdk, p) => sdk.eth.getStorageAt(p as never),
  eth_getLogs: (sdk, p) => sdk.eth.getPastLogs(p as never),
  eth_getBlockByHash: (sdk, p) => sdk.eth.getBlockByHash(p as never),
  eth_getBlockByNumber: (sdk, p) => sdk.eth.getBlockByNumber(p as never),
  eth_getTransactionByHash: (sdk, p) => sdk.eth.getTransactionByHash(p as never),
  eth_getTransactionReceipt: (sdk, p) => sdk.eth.getTransactionReceipt(p as never),
  eth_getTransactionCount: (sdk, p) => sdk.eth.getTransactionCount(p as never),
  eth_gasPrice: (sdk) => sdk.eth.getGasPrice(),
  eth_estimateGas: (sdk, p) => sdk.eth.getEstimateGas(p[0] as never),
  eth_blockNumber: async (sdk) => (await sdk.eth.getBlockByNumber(['latest'] as never)).number,
}

const TxSchema = v.object({ to: AddressSchema, value: v.optional(v.string()), data: v.optional(v.string()) })

/**
 * The Safe as an EIP-1193 provider over the SDK's messaging (our own small mapping; the SDK's
 * CommonJS provider package pulled all of viem into the chunk): its address for the accounts (a
 * Safe app is authorized by being opened in the Safe: no prompt), its chain, transactions through
 * sendTransactions, messages through signMessage / signTypedMessage, reads through rpcCall. A sent
 * transaction answers its chain hash where the Safe executed it at once (a 1-of-1 Safe does),
 * otherwise the Safe's transaction hash, which Safe{Wallet} shows in its queue and
 * `transactionQueue` follows until it is executed.
 */
function safeProvider(safeAddress: string, chainId: number, sdk: SafeAppsSDKType): Eip1193Provider & { transactionQueue: TransactionQueue } {
  const queued = new Set<string>()
  const lookUp = async (safeTxHash: string) => v.safeParse(SafeTxSchema, await sdk.txs.getBySafeTxHash(safeTxHash).catch(() => undefined))
  /**
   * A Safe with more than one signer queues the transaction in Safe{Wallet} and answers its
   * safeTxHash, which no chain knows: this follows it (getTxBySafeTxHash) until the Safe executes
   * it (its chain hash) or drops it (FAILED, CANCELLED).
   */
  const transactionQueue: TransactionQueue = {
    isQueued: (hash) => queued.has(hash),
    async executed(safeTxHash, { pollMs = SAFE_QUEUE_POLL_MS } = {}) {
      for (;;) {
        const found = await lookUp(safeTxHash)
        if (found.success && found.output.txHash) return found.output.txHash
        if (found.success && (found.output.txStatus === 'FAILED' || found.output.txStatus === 'CANCELLED'))
          throw new ProviderRequestError({ details: `The Safe's transaction was ${found.output.txStatus.toLowerCase()}` })
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
    },
  }
  const ownAddress = (address: unknown) => {
    if (typeof address !== 'string' || address.toLowerCase() !== safeAddress.toLowerCase())
      throw new ProviderRequestError({ details: 'Only the Safe signs here' })
  }
  return {
    transactionQueue,
    async request({ method, params }) {
      const args = Array.isArray(params) ? params : []
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [safeAddress]
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'net_version':
          return String(chainId)
        case 'eth_sendTransaction': {
          const tx = v.parse(TxSchema, args[0])
          const { safeTxHash } = await sdk.txs.send({ txs: [{ to: tx.to, value: BigInt(tx.value ?? 0).toString(), data: tx.data ?? '0x' }] })
          const executed = await lookUp(safeTxHash)
          if (executed.success && executed.output.txHash) return executed.output.txHash
          queued.add(safeTxHash)
          return safeTxHash
        }
        case 'personal_sign': {
          ownAddress(args[1])
          const answer = await sdk.txs.signMessage(String(args[0]))
          return 'signature' in answer ? answer.signature : '0x'
        }
        case 'eth_signTypedData_v4': {
          ownAddress(args[0])
          const typed = typeof args[1] === 'string' ? JSON.parse(args[1]) : args[1]
          const answer = await sdk.txs.signTypedMessage(typed)
          return 'signature' in answer ? answer.signature : '0x'
        }
      }
      const read = READS[method]
      if (read) return read(sdk, args)
      throw Object.assign(new Error(`The Safe does not support ${method}`), { code: 4200 })
    },
  }
}
