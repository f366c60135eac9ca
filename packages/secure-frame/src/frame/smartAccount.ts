import { CallsStatusCode } from '@portico/core/spec'
import { SafeSmartAccount } from 'permissionless/accounts/safe'
import { createPublicClient, defineChain, http, type Address, type Hex, type PrivateKeyAccount } from 'viem'
import { createBundlerClient, createPaymasterClient, type UserOperationReceipt } from 'viem/account-abstraction'
import type { BatchCall, BatchRunner, CallsReceipt } from './batchRunner.js'

/**
 * The embedded wallet's smart account (ERC-4337): a Safe 1.4.1 with the Safe4337Module whose only owner is
 * the embedded key (custody unchanged), built by permissionless' toSafeSmartAccount with the contracts the
 * server names. UserOperations go through the server's bundler route and, where the project sponsors the
 * chain, its ERC-7677 paymaster route (the server's /v1/smart-accounts, /v1/bundler, /v1/paymaster).
 */

export interface SmartAccountChain {
  entryPoint: Address
  safe: { singleton: Address; proxyFactory: Address; moduleSetup: Address; module4337: Address; multiSend: Address; multiSendCallOnly: Address }
  sponsored: boolean
}
export interface SmartAccountNetworks {
  smartAccountEnabledNetworks: number[]
  chains: Record<string, SmartAccountChain>
}

const apiUrlOf = (apiUrl: string, path: string, projectId: string) => `${apiUrl}${path}?projectId=${encodeURIComponent(projectId)}`

/** SPEC 'get smart-account-enabled networks': the server's list for the project (none when it cannot be read). */
export async function fetchSmartAccountNetworks(apiUrl: string, projectId: string): Promise<SmartAccountNetworks> {
  const response = await fetch(apiUrlOf(apiUrl, '/v1/smart-accounts', projectId), { credentials: 'omit' })
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
  const bundler = createBundlerClient({
    account,
    client,
    chain,
    transport: http(apiUrlOf(opts.apiUrl, `/v1/bundler/${caip2}`, opts.projectId), { fetchOptions, retryCount: 0 }),
    paymaster: opts.chain.sponsored
      ? createPaymasterClient({ transport: http(apiUrlOf(opts.apiUrl, `/v1/paymaster/${caip2}`, opts.projectId), { fetchOptions }) })
      : undefined,
    pollingInterval: 250,
  })

  /** Sends the calls as ONE UserOperation (all or nothing); resolves with its hash once the bundler took it. */
  const sendCalls = (calls: BatchCall[]) => bundler.sendUserOperation({ calls: calls.map(({ to, value, data }) => ({ to, value, data })) })
  const receiptOf = (hash: Hex) => bundler.getUserOperationReceipt({ hash }).catch(() => undefined)

  const runner: BatchRunner = {
    atomic: 'supported',
    address: account.address,
    capabilities: opts.chain.sponsored ? { paymasterService: { supported: true } } : undefined,
    async send(calls) {
      const hash = await sendCalls(calls)
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
    async sendTransaction(call: BatchCall): Promise<Hex> {
      const hash = await sendCalls([call])
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
