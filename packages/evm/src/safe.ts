import SafeAppsSDK from '@safe-global/safe-apps-sdk'
import { SafeAppProvider } from '@safe-global/safe-apps-provider'
import * as v from 'valibot'
import { AddressSchema, TxHashSchema, type Eip1193Provider } from './schemas.js'

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

const SafeTxSchema = v.object({ txHash: v.optional(v.nullable(TxHashSchema)) })

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
  const { safeAddress, chainId, threshold = 1, owners = [], isReadOnly = false } = parsed.output
  const safe = new SafeAppProvider({ safeAddress, chainId, threshold, owners, isReadOnly }, sdk)
  return safeProvider(safe, sdk)
}

/**
 * The SDK's EIP-1193 provider, with what Portico's adapter asks of every wallet: eth_requestAccounts
 * (a Safe app is authorized by being opened in the Safe: its accounts, no prompt), and a sent
 * transaction's chain hash where the Safe has executed it already (a 1-of-1 Safe does at once);
 * otherwise the Safe's transaction hash, which Safe{Wallet} shows in its queue.
 */
function safeProvider(safe: SafeAppProvider, sdk: SafeAppsSDK): Eip1193Provider {
  return {
    async request({ method, params }) {
      if (method === 'eth_requestAccounts') return safe.request({ method: 'eth_accounts' })
      const result = await safe.request({ method, params: params as unknown[] })
      if (method !== 'eth_sendTransaction') return result
      const executed = v.safeParse(SafeTxSchema, await sdk.txs.getBySafeTxHash(String(result)).catch(() => undefined))
      return executed.success && executed.output.txHash ? executed.output.txHash : result
    },
    on: (event, listener) => void safe.on(event, listener),
    removeListener: (event, listener) => void safe.removeListener(event, listener),
  }
}
