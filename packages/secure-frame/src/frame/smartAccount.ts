import { CallsStatusCode, SponsorshipErrorCode } from '@portico/core/spec'
import { SafeSmartAccount } from 'permissionless/accounts/safe'
import { createPublicClient, defineChain, http, type Address, type Hex, type PrivateKeyAccount } from 'viem'
import { createBundlerClient, createPaymasterClient, type UserOperationReceipt } from 'viem/account-abstraction'
import { apiUrl } from './apiUrl.js'
import type { BatchCall, BatchRunner, CallsReceipt } from './batchRunner.js'

/**
 * The embedded wallet's smart account (ERC-4337): a Safe 1.4.1 with the Safe4337Module whose only owner is
 * the embedded key (custody unchanged), built by permissionless' toSafeSmartAccount with the contracts the
 * server names. UserOperations go through the server's bundler route and, where the project sponsors the
 * chain, its ERC-7677 paymaster route (the server's /v1/smart-accounts, /v1/bundler, /v1/paymaster). Both
 * routes serve only a signed-in user (the session's token and a DPoP proof on every call: Api.sessionFetch),
 * and the paymaster only for this user's own Safe, within the day's budget.
 */

/** Whether the next operation on a chain is sponsored: the chain is not sponsored at all, it is, or today's budget is spent. */
export type Sponsorship = 'none' | 'sponsored' | 'usedUp'

/** True when a paymaster refusal in `error`'s chain says the day's sponsorship budget is spent. */
export function isSponsorshipUsedUp(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++)
    if (e.code === SponsorshipErrorCode.usedUp) return true
  return false
}

export interface SmartAccountChain {
  entryPoint: Address
  safe: { singleton: Address; proxyFactory: Address; moduleSetup: Address; module4337: Address; multiSend: Address; multiSendCallOnly: Address }
  sponsored: boolean
}
export interface SmartAccountNetworks {
  smartAccountEnabledNetworks: number[]
  chains: Record<string, SmartAccountChain>
}

/** SPEC 'get smart-account-enabled networks': the server's list for the project (none when it cannot be read). */
export async function fetchSmartAccountNetworks(server: string, projectId: string): Promise<SmartAccountNetworks> {
  const response = await fetch(apiUrl({ apiUrl: server, projectId }, '/v1/smart-accounts'), { credentials: 'omit' })
  if (!response.ok) return { smartAccountEnabledNetworks: [], chains: {} }
  return (await response.json()) as SmartAccountNetworks
}

export type FrameSmartAccount = Awaited<ReturnType<typeof createFrameSmartAccount>>

export async function createFrameSmartAccount(opts: {
  owner: PrivateKeyAccount
  chainId: number
  chain: SmartAccountChain
  /** Where the frame reads the chain (the host's RPC or the server's /v1/rpc route). */
  rpcUrl: string
  apiUrl: string
  projectId: string
  /** The frame's signed-in session, carried to the bundler and paymaster routes. */
  sessionFetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>
}) {
  const caip2 = `eip155:${opts.chainId}`
  const chain = defineChain({
    id: opts.chainId,
    name: caip2,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(opts.rpcUrl), pollingInterval: 250 })
  const { safe, entryPoint } = opts.chain
  // The Safe entry point alone: permissionless/accounts would bring every account type into the frame.
  const account = await SafeSmartAccount.toSafeSmartAccount({
    client,
    owners: [opts.owner],
    version: '1.4.1',
    entryPoint: { address: entryPoint, version: '0.7' },
    safe4337ModuleAddress: safe.module4337,
    safeProxyFactoryAddress: safe.proxyFactory,
    safeSingletonAddress: safe.singleton,
    safeModuleSetupAddress: safe.moduleSetup,
    multiSendAddress: safe.multiSend,
    multiSendCallOnlyAddress: safe.multiSendCallOnly,
  })
  const fetchOptions = { credentials: 'omit' as const }
  const fetchFn = opts.sessionFetch as typeof fetch
  // Fees as the bundler suggests them (viem's default doubles the node's, which the paymaster's fee bound may refuse).
  const userOperation = {
    async estimateFeesPerGas({ bundlerClient }: { bundlerClient: { request(args: { method: string }): Promise<unknown> } }) {
      try {
        const price = (await bundlerClient.request({ method: 'pimlico_getUserOperationGasPrice' })) as {
          fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }
        }
        return { maxFeePerGas: BigInt(price.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(price.fast.maxPriorityFeePerGas) }
      } catch {
        return client.estimateFeesPerGas()
      }
    },
  }
  const bundlerTransport = http(apiUrl(opts, `/v1/bundler/${caip2}`), { fetchOptions, fetchFn, retryCount: 0 })
  const paid = createBundlerClient({ account, client, chain, transport: bundlerTransport, userOperation: userOperation as never, pollingInterval: 250 })
  const sponsoredBundler = opts.chain.sponsored
    ? createBundlerClient({
        account,
        client,
        chain,
        transport: bundlerTransport,
        userOperation: userOperation as never,
        paymaster: createPaymasterClient({
          transport: http(apiUrl(opts, `/v1/paymaster/${caip2}`), { fetchOptions, fetchFn, retryCount: 0 }),
        }),
        pollingInterval: 250,
      })
    : undefined
  const bundler = sponsoredBundler ?? paid

  /** Today's sponsorship for this user on this chain (the server's budget route); 'sponsored' when it cannot be read: the paymaster decides then. */
  async function sponsorship(): Promise<Sponsorship> {
    if (!sponsoredBundler) return 'none'
    try {
      const response = await opts.sessionFetch(apiUrl(opts, `/v1/paymaster/${caip2}/budget`))
      const budget = (await response.json()) as { sponsored?: unknown }
      return response.ok && budget.sponsored === false ? 'usedUp' : 'sponsored'
    } catch {
      return 'sponsored'
    }
  }

  /** Sends the calls as ONE UserOperation (all or nothing), sponsored or paid by the account; resolves with its hash once the bundler took it. */
  const sendCalls = (calls: BatchCall[], sponsored = Boolean(sponsoredBundler)) =>
    (sponsored ? bundler : paid).sendUserOperation({ calls: calls.map(({ to, value, data }) => ({ to, value, data })) })
  const receiptOf = (hash: Hex) => bundler.getUserOperationReceipt({ hash }).catch(() => undefined)

  const runner: BatchRunner = {
    atomic: 'supported',
    address: account.address,
    capabilities: opts.chain.sponsored ? { paymasterService: { supported: true } } : undefined,
    async send(calls) {
      // The batch screen showed a network fee: with the day's sponsorship spent, the account pays it.
      const hash = await sendCalls(calls, (await sponsorship()) === 'sponsored')
      return {
        atomic: true,
        async status() {
          const receipt = await receiptOf(hash)
          if (!receipt) return { status: CallsStatusCode.pending, receipts: [] }
          return { status: receipt.success ? CallsStatusCode.confirmed : CallsStatusCode.reverted, receipts: [callsReceipt(receipt)] }
        },
      }
    },
  }

  return {
    address: account.address,
    isDeployed: () => account.isDeployed(),
    runner,
    /**
     * eth_sendTransaction as a UserOperation: resolves with the transaction hash of the bundle that carried
     * it once mined, which the host then reads like any transaction.
     */
    sponsorship,
    async sendTransaction(call: BatchCall, options: { sponsored?: boolean } = {}): Promise<Hex> {
      const hash = await sendCalls([call], options.sponsored)
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 120_000 })
      return receipt.receipt.transactionHash
    },
    /** ERC-1271 signatures by the Safe (viem wraps them in ERC-6492 while the Safe is not deployed). */
    signMessage: (p: Parameters<typeof account.signMessage>[0]) => account.signMessage(p),
    signTypedData: (typed: Parameters<typeof account.signTypedData>[0]) => account.signTypedData(typed),
  }
}

function callsReceipt(r: UserOperationReceipt): CallsReceipt {
  const { receipt } = r
  const hex = (n: bigint) => `0x${n.toString(16)}` as Hex
  return {
    logs: r.logs.map(({ address, data, topics }) => ({ address, data, topics: topics as Hex[] })),
    status: r.success ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: hex(receipt.blockNumber),
    gasUsed: hex(r.actualGasUsed),
    transactionHash: receipt.transactionHash,
  }
}
