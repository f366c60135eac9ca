import { ed25519 } from '@noble/curves/ed25519'
import { isSafeRpcMethod } from '@portico/embedded/protocol'
import { base58, base64 } from '@scure/base'
import { solanaKeys } from '../../families/solana.js'
import type { ApprovalContent } from '../approval.js'
import type { FamilyNetworks } from '../approvalNetworks.js'
import { InvalidParamsRpcError, UnauthorizedProviderError, UnsupportedProviderMethodError, UserRejectedRequestError } from '../errors/rpc.js'
import { printable } from '../approvalText.js'
import { formatDecimal, t } from '../i18n/index.js'
import { decodeSolanaTransaction, describeSolanaTransactions, parsesAsTransaction, signSolanaTransaction } from '../solana.js'
import { contextOf, jsonRpc, networkOf, rpcUrlOf, type FrameFamily, type RpcContext, type RpcFamily } from './context.js'

/** The Solana clusters the approval screen names, by genesis-hash reference. */
export const solanaNetworks: FamilyNetworks = {
  namespace: 'solana',
  known: {
    '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { name: 'Solana', symbol: 'SOL' },
    EtWTRABZaYq6iMfeYKouRu166VU2xqa1: { name: 'Solana Devnet', symbol: 'SOL', testnet: true },
    '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': { name: 'Solana Testnet', symbol: 'SOL', testnet: true },
  },
}

/**
 * The solana family: the wallet's own ed25519 key (no smart account), transactions decoded and
 * shown by ../solana.ts. Safe reads go to the chain's node without their `solana_` prefix.
 */
const rpc: RpcFamily = async (session, { method, params, chainId }) => {
  const ctx = contextOf(session, chainId, solanaNetworks)
  if (isSafeRpcMethod(method) && method.startsWith('solana_')) return jsonRpc(rpcUrlOf(ctx, chainId), method.slice('solana_'.length), params)
  if (method !== 'solana_signMessage' && !SIGN_TRANSACTIONS.has(method))
    throw new UnsupportedProviderMethodError({ message: `${method} is not supported by the embedded wallet on Solana` })
  if (!ctx.keys()) throw new UnauthorizedProviderError()
  return method === 'solana_signMessage' ? signMessage(ctx, params, chainId) : signTransactions(ctx, method, params, chainId)
}

export const solana: FrameFamily = { rpc, keys: solanaKeys, networks: solanaNetworks }

const SIGN_TRANSACTIONS = new Set(['solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'])

/** Shown with the Solana account in the Account row (the screen's default is the eip155 one). */
async function approve(ctx: RpcContext, content: ApprovalContent, method: string) {
  if (!(await ctx.approve({ ...content, account: ctx.keys()!.keys.addresses.solana }, method))) throw new UserRejectedRequestError()
}

async function signMessage(ctx: RpcContext, params: unknown[], chainId: number | string) {
  const { keys } = ctx.keys()!
  const [first] = params as [{ message: string; pubkey?: string } | undefined]
  if (!first || typeof first.message !== 'string') throw new InvalidParamsRpcError({ message: 'solana_signMessage needs { message }' })
  if (first.pubkey && first.pubkey !== keys.addresses.solana) throw new InvalidParamsRpcError({ message: 'Unknown Solana account' })
  const bytes = base58.decode(first.message)
  // A transaction passed as a "message" would be signed without being shown as one.
  if (parsesAsTransaction(bytes))
    throw new InvalidParamsRpcError({ message: 'This message is a Solana transaction: sign it as a transaction, not as a message' })
  const text = new TextDecoder().decode(bytes)
  await approve(
    ctx,
    {
      title: t('sign.message'),
      rows: [{ label: t('row.network'), value: networkOf(ctx, chainId).label, key: 'network' }],
      body: { label: t('sign.messageLabel'), text: printable(text) ? text : first.message },
    },
    'solana_signMessage',
  )
  return { signature: base58.encode(ed25519.sign(bytes, keys.secretKeys.solana!)) }
}

async function signTransactions(ctx: RpcContext, method: string, params: unknown[], chainId: number | string) {
  const { keys } = ctx.keys()!
  const [first] = params as [{ transaction?: unknown; transactions?: unknown; options?: { commitment?: string } } | undefined]
  const wires = method === 'solana_signAllTransactions' ? first?.transactions : [first?.transaction]
  if (!Array.isArray(wires) || wires.length === 0 || wires.length > 20 || wires.some((w) => typeof w !== 'string' || w.length > 2_000))
    throw new InvalidParamsRpcError({ message: `${method} needs base64 wire transactions` })
  let decoded: ReturnType<typeof decodeSolanaTransaction>[]
  try {
    decoded = (wires as string[]).map(decodeSolanaTransaction)
  } catch (error) {
    throw new InvalidParamsRpcError({ message: (error as Error).message, cause: error })
  }
  const wallet = keys.addresses.solana
  if (decoded.some((d) => !d.signers.includes(wallet))) throw new InvalidParamsRpcError({ message: "The transaction does not need this wallet's signature" })
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
  await approve(ctx, describeSolanaTransactions(decoded, { title, network: networkOf(ctx, chainId).label, wallet, fee }), method)
  const signed = decoded.map((d) => signSolanaTransaction(d, wallet, keys.secretKeys.solana!))
  if (method === 'solana_signAllTransactions') return { transactions: signed.map((s) => s.wire) }
  if (method === 'solana_signTransaction') return { transaction: signed[0]!.wire, signature: signed[0]!.signature }
  const commitment = first?.options?.commitment ?? 'confirmed'
  await jsonRpc(rpcUrlOf(ctx, chainId), 'sendTransaction', [signed[0]!.wire, { encoding: 'base64', preflightCommitment: commitment }])
  return { signature: signed[0]!.signature }
}
