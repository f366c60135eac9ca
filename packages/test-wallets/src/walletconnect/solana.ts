/**
 * The solana namespace of the WalletConnect test wallet: WalletConnect's Solana RPC answered with
 * a dev key of the local chain (ed25519 signatures; sends go to the configured RPC URL).
 * Messages, public keys and signatures travel in base58, wire transactions in base64.
 */
import {
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  partiallySignTransaction,
  signBytes,
  type Address,
  type Base64EncodedWireTransaction,
  type Transaction,
} from '@solana/kit'
import { describeTransaction, parseTokenAccount } from '../solana/describe'
import { devKey, type DevKey } from '../solana/keys'
import { RpcError } from './errors'

export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
] as const
export const SOLANA_EVENTS = [] as const
/** Answered without asking: they only read the session's own account. */
export const SOLANA_READ_ONLY = new Set<string>(['solana_getAccounts', 'solana_requestAccounts'])

export const isSolanaChain = (caip2: string) => caip2.startsWith('solana:')
export const isSolanaMethod = (method: string) => method.startsWith('solana_')

const base58 = { decode: getBase58Encoder(), encode: getBase58Decoder() }
const invalid = (message: string) => new RpcError(-32602, message)

interface SendOptions {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
  minContextSlot?: number
}

/** The solana side of the wallet: its account, the namespace it approves and the methods it answers. */
export function createSolanaSide(account: number | string, rpc: Record<string, string>) {
  const key: DevKey = devKey(account)
  const chains = Object.keys(rpc).filter(isSolanaChain)
  const rpcs = new Map<string, ReturnType<typeof createSolanaRpc>>()
  const rpcFor = (chainId: string) => {
    const url = rpc[chainId]
    if (!url) throw new RpcError(4100, `Unsupported chain ${chainId}`)
    if (!rpcs.has(url)) rpcs.set(url, createSolanaRpc(url))
    return rpcs.get(url)!
  }

  const paramsOf = (params: unknown) => {
    if (!params || typeof params !== 'object' || Array.isArray(params)) throw invalid('Solana methods take an object of params')
    const p = params as Record<string, unknown>
    if (p.pubkey !== undefined && p.pubkey !== key.address) throw new RpcError(4100, `${String(p.pubkey)} is not this wallet's account`)
    return p
  }
  const transactionOf = (p: Record<string, unknown>): Transaction => {
    if (typeof p.transaction !== 'string') throw invalid('transaction: a base64 wire transaction is required')
    let tx: Transaction
    try {
      tx = getTransactionDecoder().decode(getBase64Encoder().encode(p.transaction))
    } catch (error) {
      throw invalid(`Not a wire transaction: ${(error as Error).message}`)
    }
    if (!(key.address in tx.signatures)) throw invalid(`The account ${key.address} is not a signer of this transaction`)
    return tx
  }
  const sign = async (tx: Transaction) => {
    const signed = await partiallySignTransaction([await key.keyPair()], tx)
    return { signed, signature: base58.encode.decode(signed.signatures[key.address as Address]!) }
  }

  return {
    address: key.address,
    chains,
    namespace: () => ({
      chains,
      methods: [...SOLANA_METHODS],
      events: [...SOLANA_EVENTS],
      accounts: chains.map((c) => `${c}:${key.address}`),
    }),

    /** One line for the approval flow: what the request would sign or send. */
    async describe(method: string, params: unknown, chainId: string): Promise<string> {
      try {
        const p = paramsOf(params)
        if (method === 'solana_signMessage') {
          const bytes = new Uint8Array(base58.decode.encode(String(p.message)))
          return `sign the message "${new TextDecoder().decode(bytes).slice(0, 200)}"`
        }
        const tx = transactionOf(p)
        const readTokenAccount = async (address: string) => {
          const { value } = await rpcFor(chainId)
            .getAccountInfo(address as Address, { encoding: 'base64' })
            .send()
          return value ? parseTokenAccount(new Uint8Array(getBase64Encoder().encode(value.data[0]))) : undefined
        }
        const summary = await describeTransaction(tx, readTokenAccount)
        return `${method === 'solana_signTransaction' ? 'sign' : 'sign and send'}: ${summary.title}`
      } catch {
        return method
      }
    },

    async run(method: string, params: unknown, chainId: string): Promise<unknown> {
      if (!chains.includes(chainId)) throw new RpcError(4100, `Unsupported chain ${chainId}`)
      switch (method) {
        case 'solana_getAccounts':
        case 'solana_requestAccounts':
          return [{ pubkey: key.address }]
        case 'solana_signMessage': {
          const p = paramsOf(params)
          if (typeof p.message !== 'string') throw invalid('message: a base58 string is required')
          const message = new Uint8Array(base58.decode.encode(p.message))
          const signature = new Uint8Array(await signBytes((await key.keyPair()).privateKey, message))
          return { signature: base58.encode.decode(signature) }
        }
        case 'solana_signTransaction': {
          const { signed, signature } = await sign(transactionOf(paramsOf(params)))
          return { signature, transaction: getBase64EncodedWireTransaction(signed) }
        }
        case 'solana_signAndSendTransaction': {
          const p = paramsOf(params)
          const { signed } = await sign(transactionOf(p))
          const options = (p.sendOptions ?? {}) as SendOptions
          const signature = await rpcFor(chainId)
            .sendTransaction(getBase64EncodedWireTransaction(signed) as Base64EncodedWireTransaction, {
              encoding: 'base64',
              ...(options.preflightCommitment ? { preflightCommitment: options.preflightCommitment } : {}),
              ...(options.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
              ...(options.maxRetries !== undefined ? { maxRetries: BigInt(options.maxRetries) } : {}),
              ...(options.minContextSlot !== undefined ? { minContextSlot: BigInt(options.minContextSlot) } : {}),
            })
            .send()
          return { signature }
        }
        default:
          throw new RpcError(4200, `Unsupported method ${method}`)
      }
    },
  }
}

export type SolanaSide = ReturnType<typeof createSolanaSide>
