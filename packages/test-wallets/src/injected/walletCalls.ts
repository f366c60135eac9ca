/** EIP-5792 for the injected test wallet: the shared batch logic (../calls.ts) on this wallet's chains, approvals and dialog. */
import { formatEther, numberToHex, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { chainAssets, parseGetAssets, withAssetDiscovery } from '../assets'
import { createCallsStore, describeCalls, walletCapabilities } from '../calls'
import { askInDialog } from './dialog'
import { ProviderRpcError } from './errors'
import { prepareTransaction, signAndSend } from './transaction'
import type { ApprovalRequest, TestWalletChain, TestWalletOptions } from './types'

export interface CallsWallet {
  chains(): number[]
  /** A known chain by id. */
  chain(chainId: number): TestWalletChain | undefined
  current(): TestWalletChain
  account(): PrivateKeyAccount
  origin: string
  options: TestWalletOptions
  settings: { autoApprove: boolean; rejectAll: boolean }
  approve(method: string, params: unknown, title: string, details: ApprovalRequest['details']): Promise<void>
  requireAccount(method: string, from?: unknown): void
  rpc<T>(method: string, params: unknown[] | undefined, chain: TestWalletChain): Promise<T>
}

export function callsHandlers(wallet: CallsWallet): Record<string, (params: unknown[]) => unknown> {
  const error = (code: number, message: string) => new ProviderRpcError(code, message)
  const batches = createCallsStore(error)
  const tokens = wallet.options.assets
  return {
    wallet_getCapabilities: (p) => (tokens ? withAssetDiscovery(walletCapabilities(wallet.chains(), p)) : walletCapabilities(wallet.chains(), p)),
    // ERC-7811, with `assets` only (../assets.ts): a read, answered without asking the user, for the connected account.
    ...(tokens && {
      wallet_getAssets: async (p: unknown[]) => {
        wallet.requireAccount('wallet_getAssets')
        const chainIds = parseGetAssets(p, { address: wallet.account().address, chainIds: wallet.chains() }, error)
        const answer: Record<Hex, unknown[]> = {}
        for (const id of chainIds) {
          const chain = wallet.chain(id)!
          const rpc = <T>(method: string, params: unknown[]) => wallet.rpc<T>(method, params, chain)
          answer[numberToHex(id)] = await chainAssets({ chainId: id, nativeCurrency: chain.nativeCurrency, rpc }, wallet.account().address, tokens)
        }
        return answer
      },
    }),
    wallet_sendCalls: async (p) => {
      wallet.requireAccount('wallet_sendCalls')
      const account = wallet.account()
      // Pin the chain: a switch while the prompt is open must not redirect the calls.
      const chain = wallet.current()
      const parsed = batches.parse(p, { address: account.address, chainId: chain.chainId })
      const chainRpc = <T>(method: string, params?: unknown[]) => wallet.rpc<T>(method, params, chain)
      const n = parsed.calls.length
      await wallet.approve(
        'wallet_sendCalls',
        p,
        `Send ${n} call${n === 1 ? '' : 's'}, one after another`,
        describeCalls(parsed.calls, chain.nativeCurrency.symbol, formatEther),
      )
      const id = batches.start(parsed, {
        chainId: chain.chainId,
        sendOne: async (call) => {
          const prepared = await prepareTransaction(chainRpc, account.address, { to: call.to, data: call.data, value: numberToHex(call.value) })
          return signAndSend(chainRpc, account, chain.chainId, prepared, undefined)
        },
        receipt: (hash: Hex) => chainRpc('eth_getTransactionReceipt', [hash]),
      })
      return { id }
    },
    wallet_getCallsStatus: (p) => batches.status(p),
    // Shown in the wallet's own dialog (one Close button); the dapp does not wait for it.
    wallet_showCallsStatus: (p) => {
      const status = batches.status(p)
      const current = wallet.current()
      const shown: ApprovalRequest = {
        method: 'wallet_showCallsStatus',
        params: p,
        origin: wallet.origin,
        title: `Batch ${status.id.slice(0, 10)}…: ${status.status === 200 ? 'confirmed' : status.status === 100 ? 'pending' : 'failed'}`,
        details: status.receipts.map((r, i) => ({ label: `Call ${i + 1}`, value: `${r.transactionHash} (${r.status === '0x1' ? 'mined' : 'reverted'})` })),
        account: wallet.account().address,
        chainName: `${current.name} (${current.chainId})`,
        acknowledge: true,
      }
      if (wallet.options.onApprovalRequest) void wallet.options.onApprovalRequest(shown)
      else if (typeof document !== 'undefined' && !wallet.settings.autoApprove) void askInDialog(shown)
      return null
    },
  }
}
