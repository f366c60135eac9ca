import type { Hex, PrivateKeyAccount } from 'viem'
import { describeTransaction } from './approvalContent.js'
import { decodeCall, readTokenInfo } from './tokenCalls.js'
import { t } from './i18n/index.js'
import { getBundlerError } from './errors/bundler.js'
import { InvalidParamsRpcError, RpcError, UnsupportedProviderMethodError, UserRejectedRequestError } from './errors/rpc.js'
import { jsonRpc, networkOf, rpcUrlOf, type RpcContext } from './rpc/context.js'
import { isSponsorshipUsedUp, type FrameSmartAccount, type Sponsorship } from './smartAccount.js'
import type { Unlocked } from './wallet.js'

/**
 * RPC with a smart account active: the eip155 handlers (rpc/eip155.ts) run with the smart account in the
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
    signTransaction: () => Promise.reject(new UnsupportedProviderMethodError({ message: 'A smart account sends UserOperations, not signed transactions' })),
  } as unknown as PrivateKeyAccount
  return { ...unlocked, account, keys: { ...unlocked.keys, addresses: { ...unlocked.keys.addresses, eip155: smart.address } } }
}

/** eth_sendTransaction from the smart account: the approval screen, then one UserOperation; the bundle's tx hash. */
export async function sendFromSmartAccount(ctx: RpcContext, smart: FrameSmartAccount, params: unknown[], chainId: number | string): Promise<Hex> {
  const [tx] = params as [{ from?: string; to?: Hex; value?: Hex; data?: Hex } | undefined]
  if (!tx || (tx.from && tx.from.toLowerCase() !== smart.address.toLowerCase()) || !tx.to)
    throw new InvalidParamsRpcError({ message: 'eth_sendTransaction needs a transaction to an address from this wallet' })
  const url = rpcUrlOf(ctx, chainId)
  const data = tx.data ?? '0x'
  const value = BigInt(tx.value ?? '0x0')
  const decoded = decodeCall(data)
  const token = ['transfer', 'approve', 'increaseAllowance', 'transferFrom'].includes(decoded.kind)
    ? await readTokenInfo((m, p) => jsonRpc(url, m, p), tx.to)
    : undefined
  const network = networkOf(ctx, chainId)
  const content = describeTransaction({ account: smart.address, to: tx.to, value, data, network, fee: { total: 0n, perGas: 0n }, token }, decoded)
  // The fee row is the paymaster's or the account's, not a transaction's: say which (and when today's sponsorship is spent).
  const gasLine = (sponsorship: Sponsorship) => ({
    label: t('smart.gas'),
    value: t(sponsorship === 'sponsored' ? 'smart.sponsored' : sponsorship === 'usedUp' ? 'smart.sponsorshipUsedUp' : 'smart.paid'),
  })
  const rows = content.rows.filter((row) => row.key !== 'maxFee')
  let sponsorship = await smart.sponsorship()
  content.rows = [...rows, gasLine(sponsorship)]
  if (!(await ctx.approve(content, 'eth_sendTransaction'))) throw new UserRejectedRequestError()
  try {
    try {
      return await smart.sendTransaction({ to: tx.to, value, data }, { sponsored: sponsorship === 'sponsored' })
    } catch (error) {
      // Spent between the screen and the paymaster's signature: the user approves paying the fee, or nothing is sent.
      if (sponsorship !== 'sponsored' || !isSponsorshipUsedUp(error)) throw error
      sponsorship = 'usedUp'
      content.rows = [...rows, gasLine(sponsorship)]
      if (!(await ctx.approve(content, 'eth_sendTransaction'))) throw new UserRejectedRequestError()
      return await smart.sendTransaction({ to: tx.to, value, data }, { sponsored: false })
    }
  } catch (arrived) {
    if (arrived instanceof RpcError) throw arrived
    const error = getBundlerError(arrived)
    // Said on the frame's own screen, where the user just approved (one Close button), then to the host.
    await ctx
      .approve(
        { title: t('smart.notSent'), rows: content.rows, body: { label: t('smart.whatHappened'), text: error.shortMessage }, acknowledge: true },
        'eth_sendTransaction',
      )
      .catch(() => undefined)
    throw error
  }
}
