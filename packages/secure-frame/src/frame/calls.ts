import { batchCallsProblem, CALLS_VERSION, CallsStatusCode, ErrorText, MAX_BATCHED_CALLS } from '@portico/core/spec'
import { isAddress, isHex, numberToHex, type Address, type Hex } from 'viem'
import { describeCalls, type BatchCallFacts } from './approvalCalls.js'
import { decodeCall, readTokenInfo } from './tokenCalls.js'
import { formatDecimal, t } from './i18n/index.js'
import { smartAccountBatchRunner, type BatchCall, type BatchRunner, type BatchStatus } from './batchRunner.js'
import { eoaBatchRunner } from './callsEoa.js'
import {
  AtomicityNotSupportedError,
  BundleTooLargeError,
  DuplicateIdError,
  InvalidParamsRpcError,
  UnauthorizedProviderError,
  UnknownBundleIdError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from './errors/rpc.js'
import { jsonRpc, networkOf, rpcUrlOf, type RpcContext } from './rpc/context.js'
import type { Unlocked } from './wallet.js'

/**
 * EIP-5792 in the embedded wallet: the requests checked here (SPEC §5's rule with its text, the
 * 2.0.0 shape, the account and chain), ONE approval screen for the whole batch (approvalCalls.ts),
 * then a BatchRunner (batchRunner.ts) sends it: the EOA's (callsEoa.ts, one transaction per call)
 * or, when a smart account is active, the one its code registers with setSmartAccountBatchRunner
 * (one UserOperation, atomic). ERC-7715 smart sessions are not offered: 4200 with a clear text.
 */
export const CALLS_METHODS = new Set(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'])
export const SMART_SESSION_METHODS = new Set(['wallet_grantPermissions', 'wallet_revokePermissions'])

interface SentBatch {
  chainId: number
  atomic: boolean
  status(): Promise<BatchStatus>
  capabilities?: Record<string, unknown>
}
const batches = new Map<string, SentBatch>()

type CallsRequest = { version?: unknown; id?: unknown; from?: unknown; chainId?: unknown; atomicRequired?: unknown; calls?: unknown; capabilities?: unknown }

/** Who sends a batch on the chain: the active smart account, else the EOA. */
const accountOf = (unlocked: Unlocked, chainId: number): Address => smartAccountBatchRunner(chainId)?.address ?? unlocked.account.address

function runnerFor(unlocked: Unlocked, chainId: number, url: string): BatchRunner {
  return smartAccountBatchRunner(chainId) ?? eoaBatchRunner(unlocked.account, chainId, (m, p) => jsonRpc(url, m, p) as never)
}

export async function handleCallsRequest(ctx: RpcContext, method: string, params: unknown[], chainId: number | string): Promise<unknown> {
  if (SMART_SESSION_METHODS.has(method)) throw new UnsupportedProviderMethodError({ message: ErrorText.smartSessionsUnsupported })
  const unlocked = ctx.keys()
  if (!unlocked) throw new UnauthorizedProviderError()
  const chain = Number(chainId)
  switch (method) {
    case 'wallet_getCapabilities': {
      const asked = Array.isArray(params[1]) ? (params[1] as unknown[]).map(Number) : [chain]
      const result: Record<Hex, Record<string, unknown>> = {}
      for (const id of asked) {
        const url = ctx.rpcUrlFor(id)
        if (!Number.isSafeInteger(id) || !url) continue
        const runner = runnerFor(unlocked, id, url)
        result[numberToHex(id)] = { atomic: { status: runner.atomic }, ...runner.capabilities }
      }
      return result
    }
    case 'wallet_sendCalls':
      return sendCalls(ctx, unlocked, params[0] as CallsRequest | undefined, chain)
    case 'wallet_getCallsStatus': {
      const [id, batch] = find(params)
      const { status, receipts } = await batch.status()
      return {
        version: CALLS_VERSION,
        id,
        chainId: numberToHex(batch.chainId),
        status,
        atomic: batch.atomic,
        receipts,
        ...(batch.capabilities ? { capabilities: batch.capabilities } : {}),
      }
    }
    case 'wallet_showCallsStatus': {
      const [id, batch] = find(params)
      const { status, receipts } = await batch.status()
      const state = status === CallsStatusCode.confirmed ? 'Confirmed' : status === CallsStatusCode.pending ? 'Pending' : 'Failed'
      const rows = receipts.map((r, i) => ({
        label: t('calls.call', { index: formatDecimal(BigInt(i + 1)) }),
        value: t(r.status === '0x1' ? 'calls.mined' : 'calls.reverted', { hash: r.transactionHash }),
        mono: true,
      }))
      // Shown in the frame until closed; the host does not wait for it (EIP-5792 returns nothing).
      void ctx
        .approve(
          {
            title: t(`calls.${state.toLowerCase() as 'confirmed' | 'pending' | 'failed'}`),
            rows: [{ label: t('calls.status'), value: t(`calls.status${state}`) }, { label: t('calls.batch'), value: id, mono: true }, ...rows],
            acknowledge: true,
          },
          method,
        )
        .catch(() => undefined)
      return null
    }
  }
  throw new UnsupportedProviderMethodError()
}

function find(params: unknown[]): [string, SentBatch] {
  const id = params[0]
  const batch = typeof id === 'string' ? batches.get(id) : undefined
  if (!batch) throw new UnknownBundleIdError({ message: `No batch with id ${String(id).slice(0, 80)}` })
  return [id as string, batch]
}

async function sendCalls(ctx: RpcContext, unlocked: Unlocked, request: CallsRequest | undefined, chain: number) {
  // SPEC §5 first, with its own words: before any prompt.
  if (!request || typeof request !== 'object' || batchCallsProblem(request.calls)) throw new InvalidParamsRpcError({ message: ErrorText.invalidBatchedCalls })
  const calls = request.calls as { to: string; data?: string; value?: unknown }[]
  if (request.version !== undefined && request.version !== CALLS_VERSION)
    throw new InvalidParamsRpcError({ message: `wallet_sendCalls version ${String(request.version).slice(0, 20)} is not supported (${CALLS_VERSION})` })
  if (request.from !== undefined && (typeof request.from !== 'string' || request.from.toLowerCase() !== accountOf(unlocked, chain).toLowerCase()))
    throw new InvalidParamsRpcError({ message: 'wallet_sendCalls needs calls from this wallet' })
  if (typeof request.chainId !== 'string' || Number(request.chainId) !== chain)
    throw new UnsupportedChainIdError({ message: `The batch is for chain ${String(request.chainId).slice(0, 20)}; the wallet is on chain ${chain}` })
  if (calls.length > MAX_BATCHED_CALLS) throw new BundleTooLargeError({ message: `At most ${MAX_BATCHED_CALLS} calls per batch` })
  if (request.id !== undefined && (typeof request.id !== 'string' || request.id.length > 4096))
    throw new InvalidParamsRpcError({ message: 'The batch id must be a string' })
  if (typeof request.id === 'string' && batches.has(request.id)) throw new DuplicateIdError()
  for (const [name, capability] of Object.entries((request.capabilities ?? {}) as Record<string, { optional?: boolean } | undefined>))
    if (!capability?.optional) throw new UnsupportedNonOptionalCapabilityError({ message: `The capability ${name.slice(0, 40)} is not supported` })
  const parsed: BatchCall[] = calls.map((call) => {
    if (!isAddress(call.to, { strict: false })) throw new InvalidParamsRpcError({ message: ErrorText.invalidBatchedCalls })
    if (call.data !== undefined && !isHex(call.data)) throw new InvalidParamsRpcError({ message: ErrorText.invalidBatchedCalls })
    if (call.value !== undefined && (typeof call.value !== 'string' || !isHex(call.value)))
      throw new InvalidParamsRpcError({ message: 'A call value must be a 0x hex quantity' })
    return { to: call.to as Address, value: call.value ? BigInt(call.value) : 0n, data: (call.data ?? '0x') as Hex }
  })
  const url = rpcUrlOf(ctx, chain)
  const runner = runnerFor(unlocked, chain, url)
  if (request.atomicRequired === true && runner.atomic !== 'supported') throw new AtomicityNotSupportedError()

  const call = <T>(m: string, p: unknown[]) => jsonRpc(url, m, p) as Promise<T>
  const facts: BatchCallFacts[] = await Promise.all(
    parsed.map(async (one) => {
      const kind = decodeCall(one.data).kind
      const token = ['transfer', 'approve', 'increaseAllowance', 'transferFrom'].includes(kind) ? await readTokenInfo(call, one.to) : undefined
      return { ...one, token }
    }),
  )
  const content = describeCalls({
    account: accountOf(unlocked, chain),
    network: networkOf(ctx, chain),
    calls: facts,
    atomic: runner.atomic === 'supported',
    fee: await estimateFee(call, accountOf(unlocked, chain), parsed),
  })
  if (!(await ctx.approve(content, 'wallet_sendCalls'))) throw new UserRejectedRequestError()
  const sent = await runner.send(parsed)
  const id =
    typeof request.id === 'string'
      ? request.id
      : numberToHex(
          crypto.getRandomValues(new Uint8Array(32)).reduce((n, b) => (n << 8n) | BigInt(b), 0n),
          { size: 32 },
        )
  batches.set(id, { chainId: chain, ...sent })
  return { id, ...(sent.capabilities ? { capabilities: sent.capabilities } : {}) }
}

/** Every call estimated on today's state; undefined when one cannot be (it may depend on an earlier call). */
async function estimateFee(call: <T>(m: string, p: unknown[]) => Promise<T>, from: Address, calls: BatchCall[]) {
  try {
    const [gases, block] = await Promise.all([
      Promise.all(calls.map((c) => call<Hex>('eth_estimateGas', [{ from, to: c.to, value: numberToHex(c.value), data: c.data }]))),
      call<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false]),
    ])
    const perGas = block?.baseFeePerGas ? BigInt(block.baseFeePerGas) * 2n + 1_000_000_000n : BigInt(await call<Hex>('eth_gasPrice', []))
    return { total: gases.reduce((sum, gas) => sum + BigInt(gas), 0n) * perGas, perGas }
  } catch {
    return undefined
  }
}
