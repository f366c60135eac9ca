import type { Hex, PrivateKeyAccount } from 'viem'
import { decodeCall, describeTransaction, readTokenInfo } from './approvalContent.js'
import { networkLabel } from './approvalNetworks.js'
import { t } from './i18n/index.js'
import { jsonRpc, RpcError, type RpcContext } from './rpc.js'
import { isSponsorshipUsedUp, type FrameSmartAccount, type Sponsorship } from './smartAccount.js'
import type { Unlocked } from './wallet.js'

/**
 * RPC with a smart account active: the frame's own handlers (rpc.ts) run with the smart account in the
 * EOA's place — its address for eth_accounts and the 'from'/address checks, its ERC-1271 (ERC-6492 before
 * deployment) signatures for personal_sign and eth_signTypedData_v4 — and eth_sendTransaction becomes a
 * UserOperation after the same approval screen.
 */
export function asSmartAccount(unlocked: Unlocked, smart: FrameSmartAccount): Unlocked {
  const account = {
    ...unlocked.account,
    address: smart.address,
    signMessage: smart.signMessage,
    signTypedData: smart.signTypedData,
    signTransaction: () => Promise.reject(new RpcError('A smart account sends UserOperations, not signed transactions', 4200)),
  } as unknown as PrivateKeyAccount
  return { ...unlocked, account, keys: { ...unlocked.keys, addresses: { ...unlocked.keys.addresses, eip155: smart.address } } }
}

export const BUNDLER_FAILED = 'The bundler did not take the transaction: nothing was sent. Try again in a moment.'

/** eth_sendTransaction from the smart account: the approval screen, then one UserOperation; the bundle's tx hash. */
export async function sendFromSmartAccount(ctx: RpcContext, smart: FrameSmartAccount, params: unknown[], chainId: number | string): Promise<Hex> {
  const [tx] = params as [{ from?: string; to?: Hex; value?: Hex; data?: Hex } | undefined]
  if (!tx || (tx.from && tx.from.toLowerCase() !== smart.address.toLowerCase()) || !tx.to)
    throw new RpcError('eth_sendTransaction needs a transaction to an address from this wallet', -32602)
  const url = ctx.rpcUrlFor(chainId)
  if (!url) throw new RpcError(`No RPC endpoint for chain ${chainId}`)
  const data = tx.data ?? '0x'
  const value = BigInt(tx.value ?? '0x0')
  const decoded = decodeCall(data)
  const token = ['transfer', 'approve', 'increaseAllowance', 'transferFrom'].includes(decoded.kind)
    ? await readTokenInfo((m, p) => jsonRpc(url, m, p), tx.to)
    : undefined
  const network = networkLabel(chainId, (caip) => ctx.rpcUrlFor(caip) !== undefined)
  const content = describeTransaction({ account: smart.address, to: tx.to, value, data, network, fee: { total: 0n, perGas: 0n }, token }, decoded)
  // The fee row is the paymaster's or the account's, not a transaction's: say which (and when today's sponsorship is spent).
  const gasLine = (sponsorship: Sponsorship) => ({
    label: t('smart.gas'),
    value: t(sponsorship === 'sponsored' ? 'smart.sponsored' : sponsorship === 'usedUp' ? 'smart.sponsorshipUsedUp' : 'smart.paid'),
  })
  const rows = content.rows.filter((row) => row.key !== 'maxFee')
  let sponsorship = await smart.sponsorship()
  content.rows = [...rows, gasLine(sponsorship)]
  if (!(await ctx.approve(content, 'eth_sendTransaction'))) throw new RpcError('User rejected the request', 4001)
  try {
    try {
      return await smart.sendTransaction({ to: tx.to, value, data }, { sponsored: sponsorship === 'sponsored' })
    } catch (error) {
      // Spent between the screen and the paymaster's signature: the user approves paying the fee, or nothing is sent.
      if (sponsorship !== 'sponsored' || !isSponsorshipUsedUp(error)) throw error
      sponsorship = 'usedUp'
      content.rows = [...rows, gasLine(sponsorship)]
      if (!(await ctx.approve(content, 'eth_sendTransaction'))) throw new RpcError('User rejected the request', 4001)
      return await smart.sendTransaction({ to: tx.to, value, data }, { sponsored: false })
    }
  } catch (error) {
    if (error instanceof RpcError) throw error
    const message = (error as { details?: string; shortMessage?: string })?.details ?? (error as Error)?.message ?? ''
    const text = /fetch failed|unavailable|ECONNREFUSED|HTTP 5\d\d|Failed to fetch/i.test(message)
      ? BUNDLER_FAILED
      : `The UserOperation failed: ${message.slice(0, 200)}`
    // Said on the frame's own screen, where the user just approved (one Close button), then to the host.
    await ctx
      .approve({ title: t('smart.notSent'), rows: content.rows, body: { label: t('smart.whatHappened'), text }, acknowledge: true }, 'eth_sendTransaction')
      .catch(() => undefined)
    throw new RpcError(text)
  }
}
