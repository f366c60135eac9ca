import { ErrorText, ProviderErrorCode } from '@portico/core/spec'
import { isAllowedRpcMethod, isSafeRpcMethod } from '@portico/embedded/protocol'
import { base58, base64 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { BaseError, hashTypedData, hexToString, isHex, numberToHex, type Hex, type TransactionSerializable } from 'viem'
import type { ApprovalContent } from './approval.js'
import { decodeCall, describeTransaction, describeTypedData, readTokenInfo, type TypedDataFacts } from './approvalContent.js'
import { decodeSwapCall, describeSwap } from './approvalSwap.js'
import { decodeSolanaTransaction, describeSolanaTransactions, parsesAsTransaction, signSolanaTransaction } from './solana.js'
import { networkLabel } from './approvalNetworks.js'
import { formatDecimal, t } from './i18n/index.js'
import type { Unlocked } from './wallet.js'

export const NOT_ALLOWED = ErrorText.rpcCallNotAllowed
export const ABORTED = ErrorText.requestAborted

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code = -32603,
  ) {
    super(message)
  }
}

export interface RpcContext {
  chainId: number | string
  rpcUrlFor(chainId: number | string): string | undefined
  keys(): Unlocked | undefined
  /** Shows the approval screen; resolves whether the user approved (rejects with ABORTED on RPC_ABORT). */
  approve(request: ApprovalContent, method: string): Promise<boolean>
}

let rpcId = 1
export async function jsonRpc(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params: params ?? [] }),
    credentials: 'omit',
  })
  const json = (await response.json()) as { result?: unknown; error?: { message: string; code: number } }
  if (json.error) throw new RpcError(json.error.message, json.error.code)
  return json.result
}

const printable = (text: string) => !/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)

function asParams(params: unknown): unknown[] {
  return Array.isArray(params) ? params : params === undefined ? [] : [params]
}

/** SPEC §6: safe methods answered silently, unsafe ones only after approval, others refused. */
export async function handleRpc(ctx: RpcContext, request: { method: string; params?: unknown; chainId?: number | string; chainNamespace?: string }) {
  const { method } = request
  if (!isAllowedRpcMethod(method)) throw new RpcError(NOT_ALLOWED, ProviderErrorCode.unsupportedMethod)
  const chainId = request.chainId ?? ctx.chainId
  const namespace = request.chainNamespace ?? (String(chainId).startsWith('solana') ? 'solana' : 'eip155')
  const params = asParams(request.params)
  const unlocked = ctx.keys()

  if (isSafeRpcMethod(method)) {
    if (method === 'eth_accounts') return unlocked ? [unlocked.keys.addresses.eip155] : []
    if (method === 'eth_chainId') return numberToHex(Number(chainId))
    if (method === 'wallet_getCapabilities') return {}
    const url = ctx.rpcUrlFor(chainId)
    if (!url) throw new RpcError(`No RPC endpoint for chain ${chainId}`)
    return jsonRpc(url, namespace === 'solana' ? method.replace(/^solana_/, '') : method, params)
  }

  if (!unlocked) throw new RpcError('Not signed in', 4100)
  const { account, keys } = unlocked
  const sameAccount = (address: unknown) => typeof address === 'string' && address.toLowerCase() === account.address.toLowerCase()
  // Network names are the frame's own (approvalNetworks.ts), never the host's.
  const network = (id: number | string | bigint) => networkLabel(id, (caip) => ctx.rpcUrlFor(caip) !== undefined)

  switch (method) {
    case 'personal_sign': {
      const [message, address] = params as [string, string]
      if (typeof message !== 'string' || !sameAccount(address)) throw new RpcError('personal_sign needs [message, address of this wallet]', -32602)
      const text = isHex(message) ? hexToString(message) : message
      const shown = isHex(message) && !printable(text) ? message : text
      if (!(await ctx.approve({ title: t('sign.message'), rows: [], body: { label: t('sign.messageLabel'), text: shown } }, method)))
        throw new RpcError('User rejected the request', 4001)
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = params as [string, unknown]
      if (!sameAccount(address)) throw new RpcError('eth_signTypedData_v4 needs [address of this wallet, typed data]', -32602)
      const typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataFacts & { types: Record<string, unknown> }
      const { EIP712Domain: _domain, ...types } = (typed?.types ?? {}) as TypedDataFacts['types']
      const request = { domain: typed?.domain, types, primaryType: typed?.primaryType, message: typed?.message } as TypedDataFacts
      try {
        hashTypedData(request as never) // refuses typed data that does not match its types before it is shown
      } catch (error) {
        throw new RpcError(`Invalid typed data: ${error instanceof BaseError ? error.shortMessage : 'does not match its types'}`, -32602)
      }
      if (!(await ctx.approve(describeTypedData(request, { chainId, network }), method))) throw new RpcError('User rejected the request', 4001)
      return account.signTypedData(request as never)
    }
    case 'eth_sendTransaction': {
      const [tx] = params as [
        { from?: string; to?: Hex; value?: Hex; data?: Hex; gas?: Hex; nonce?: Hex; maxFeePerGas?: Hex; maxPriorityFeePerGas?: Hex; gasPrice?: Hex },
      ]
      if (!tx || (tx.from && !sameAccount(tx.from))) throw new RpcError('eth_sendTransaction needs a transaction from this wallet', -32602)
      const url = ctx.rpcUrlFor(chainId)
      if (!url) throw new RpcError(`No RPC endpoint for chain ${chainId}`)
      const call = <T>(m: string, p: unknown[]) => jsonRpc(url, m, p) as Promise<T>
      const base = { from: account.address, to: tx.to, value: tx.value ?? '0x0', data: tx.data ?? '0x' }
      const nonce = tx.nonce ? Number(tx.nonce) : Number(await call<Hex>('eth_getTransactionCount', [account.address, 'pending']))
      const gas = BigInt(tx.gas ?? (await call<Hex>('eth_estimateGas', [base])))
      const block = await call<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false])
      let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }
      if (block?.baseFeePerGas) {
        const priority = BigInt(tx.maxPriorityFeePerGas ?? (await call<Hex>('eth_maxPriorityFeePerGas', []).catch(() => '0x3b9aca00')))
        fees = { maxPriorityFeePerGas: priority, maxFeePerGas: BigInt(tx.maxFeePerGas ?? 0n) || BigInt(block.baseFeePerGas) * 2n + priority }
      } else fees = { gasPrice: BigInt(tx.gasPrice ?? (await call<Hex>('eth_gasPrice', []))) }
      const maxFee = 'gasPrice' in fees ? fees.gasPrice : fees.maxFeePerGas
      const request: TransactionSerializable = {
        chainId: Number(chainId),
        nonce,
        gas,
        to: tx.to,
        value: BigInt(base.value),
        data: base.data,
        ...fees,
        ...('gasPrice' in fees ? { type: 'legacy' as const } : { type: 'eip1559' as const }),
      } as TransactionSerializable
      const decoded = decodeCall(base.data)
      const tokenCall = ['transfer', 'approve', 'increaseAllowance', 'transferFrom'].includes(decoded.kind)
      const token = tokenCall && tx.to ? await readTokenInfo(call, tx.to) : undefined
      const facts = {
        account: account.address,
        to: tx.to,
        value: BigInt(base.value),
        data: base.data,
        network: network(chainId),
        fee: { total: gas * maxFee, perGas: maxFee },
        token,
      }
      // A router swap is shown as one: the path's tokens read from the chain.
      const swap = decoded.kind === 'unknown' ? decodeSwapCall(base.data) : undefined
      const content = swap
        ? describeSwap(facts, swap, {
            in: swap.nativeIn ? undefined : await readTokenInfo(call, swap.path[0]!),
            out: swap.nativeOut ? undefined : await readTokenInfo(call, swap.path[swap.path.length - 1]!),
          })
        : describeTransaction(facts, decoded)
      if (!(await ctx.approve(content, method))) throw new RpcError('User rejected the request', 4001)
      const signed = await account.signTransaction(request)
      return call<Hex>('eth_sendRawTransaction', [signed])
    }
    case 'solana_signMessage': {
      const [first] = params as [{ message: string; pubkey?: string }]
      if (!first || typeof first.message !== 'string') throw new RpcError('solana_signMessage needs { message }', -32602)
      if (first.pubkey && first.pubkey !== keys.addresses.solana) throw new RpcError('Unknown Solana account', -32602)
      const bytes = base58.decode(first.message)
      // A transaction passed as a "message" would be signed without being shown as one.
      if (parsesAsTransaction(bytes)) throw new RpcError('This message is a Solana transaction: sign it as a transaction, not as a message', -32602)
      const text = new TextDecoder().decode(bytes)
      if (
        !(await ctx.approve(
          {
            title: t('sign.message'),
            rows: [{ label: t('row.network'), value: network(chainId).label, key: 'network' }],
            body: { label: t('sign.messageLabel'), text: printable(text) ? text : first.message },
          },
          method,
        ))
      )
        throw new RpcError('User rejected the request', 4001)
      return { signature: base58.encode(ed25519.sign(bytes, keys.solanaSecretKey)) }
    }
    case 'solana_signTransaction':
    case 'solana_signAllTransactions':
    case 'solana_signAndSendTransaction': {
      const [first] = params as [{ transaction?: unknown; transactions?: unknown; options?: { commitment?: string } }]
      const wires = method === 'solana_signAllTransactions' ? first?.transactions : [first?.transaction]
      if (!Array.isArray(wires) || wires.length === 0 || wires.length > 20 || wires.some((w) => typeof w !== 'string' || w.length > 2_000))
        throw new RpcError(`${method} needs base64 wire transactions`, -32602)
      let decoded: ReturnType<typeof decodeSolanaTransaction>[]
      try {
        decoded = (wires as string[]).map(decodeSolanaTransaction)
      } catch (error) {
        throw new RpcError((error as Error).message, -32602)
      }
      const wallet = keys.addresses.solana
      if (decoded.some((d) => !d.signers.includes(wallet))) throw new RpcError("The transaction does not need this wallet's signature", -32602)
      const url = ctx.rpcUrlFor(chainId)
      const fee =
        url && decoded.length === 1
          ? await jsonRpc(url, 'getFeeForMessage', [base64.encode(new Uint8Array(decoded[0]!.transaction.messageBytes)), { commitment: 'confirmed' }])
              .then((r) => BigInt((r as { value?: number | null })?.value ?? 0))
              .catch(() => undefined)
          : undefined
      const title =
        method === 'solana_signAndSendTransaction'
          ? t('sol.send')
          : decoded.length > 1
            ? t('sol.signMany', { count: formatDecimal(BigInt(decoded.length)) })
            : t('sol.signOne')
      const content = describeSolanaTransactions(decoded, { title, network: network(chainId).label, wallet, fee })
      if (!(await ctx.approve(content, method))) throw new RpcError('User rejected the request', 4001)
      const signed = decoded.map((d) => signSolanaTransaction(d, wallet, keys.solanaSecretKey))
      if (method === 'solana_signAllTransactions') return { transactions: signed.map((s) => s.wire) }
      if (method === 'solana_signTransaction') return { transaction: signed[0]!.wire, signature: signed[0]!.signature }
      if (!url) throw new RpcError(`No RPC endpoint for chain ${chainId}`)
      await jsonRpc(url, 'sendTransaction', [signed[0]!.wire, { encoding: 'base64', preflightCommitment: first?.options?.commitment ?? 'confirmed' }])
      return { signature: signed[0]!.signature }
    }
    default:
      // On the unsafe list but not built in the frame yet (see README).
      throw new RpcError(`${method} is not supported by the embedded wallet yet`, 4200)
  }
}
