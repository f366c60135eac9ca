/** The eip155 namespace of the WalletConnect test wallet: EIP-1193 methods answered with a viem dev account. */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  isHex,
  type Chain,
  type Hex,
  type PrivateKeyAccount,
  type TransactionRequest,
  type TypedDataDefinition,
} from 'viem'
import { createCallsStore, EIP5792_METHODS, walletCapabilities } from '../calls'
import { RpcError } from './errors'

export const EIP155_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  ...EIP5792_METHODS,
] as const
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

function chainFor(caip2: string, rpcUrl: string): Chain {
  const id = Number(caip2.split(':')[1])
  return defineChain({
    id,
    name: `Devnet ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

const big = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : BigInt(v as string))

export interface Eip155Context {
  account: PrivateKeyAccount
  /** The eip155 chains the wallet has an RPC for. */
  chains: string[]
  rpc: Record<string, string>
  /** The chain the wallet is on (CAIP-2). */
  current: string
  switchChain(caip2: string): Promise<void>
  /** The wallet's EIP-5792 batches (createEip155Calls). */
  calls: ReturnType<typeof createEip155Calls>
}

/** EIP-5792 batches of one wallet: sent one transaction after another once approved (../calls.ts). */
export function createEip155Calls() {
  return createCallsStore((code, message) => new RpcError(code, message))
}

export async function runEip155(
  { account, chains, rpc, current, switchChain, calls }: Eip155Context,
  method: string,
  params: unknown,
  chainId: string,
): Promise<unknown> {
  const p = (Array.isArray(params) ? params : []) as unknown[]
  const rpcUrl = rpc[chainId] ?? rpc[current]!
  const chain = chainFor(rpc[chainId] ? chainId : current, rpcUrl)
  switch (method) {
    case 'eth_chainId':
      return `0x${Number(current.split(':')[1]).toString(16)}`
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [account.address]
    case 'personal_sign': {
      const message = p[0] as string
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_sign':
      return account.signMessage({ message: { raw: p[1] as Hex } })
    case 'eth_signTypedData':
    case 'eth_signTypedData_v4': {
      const data = (typeof p[1] === 'string' ? JSON.parse(p[1]) : p[1]) as TypedDataDefinition
      return account.signTypedData(data)
    }
    case 'eth_sendTransaction': {
      const tx = (p[0] ?? {}) as Record<string, string | undefined>
      const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
      const request = {
        to: tx.to as Hex | undefined,
        data: (tx.data ?? tx.input) as Hex | undefined,
        value: big(tx.value),
        gas: big(tx.gas ?? tx.gasLimit),
        nonce: tx.nonce === undefined ? undefined : Number(BigInt(tx.nonce)),
        ...(tx.gasPrice ? { gasPrice: big(tx.gasPrice) } : { maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }),
      } as TransactionRequest
      return wallet.sendTransaction({ ...request, account, chain } as never)
    }
    case 'wallet_switchEthereumChain': {
      const target = `eip155:${Number(BigInt((p[0] as { chainId: string }).chainId))}`
      if (!chains.includes(target)) throw new RpcError(4902, `Unrecognized chain ${target}`)
      await switchChain(target)
      return null
    }
    // EIP-5792 (the request was approved as a whole before it got here).
    case 'wallet_getCapabilities':
      return walletCapabilities(
        chains.map((c) => Number(c.split(':')[1])),
        p,
      )
    case 'wallet_sendCalls': {
      const parsed = calls.parse(p, { address: account.address, chainId: chain.id })
      const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
      const id = calls.start(parsed, {
        chainId: chain.id,
        sendOne: (call) => wallet.sendTransaction({ to: call.to, data: call.data, value: call.value, account, chain }),
        receipt: (hash) => createPublicClient({ transport: http(rpcUrl) }).request({ method: 'eth_getTransactionReceipt', params: [hash] }) as never,
      })
      return { id }
    }
    case 'wallet_getCallsStatus':
      return calls.status(p)
    case 'wallet_showCallsStatus':
      calls.find(p)
      return null
    default:
      throw new RpcError(4200, `Unsupported method ${method}`)
  }
}
