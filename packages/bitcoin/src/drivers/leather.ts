import { base64, hex } from '../bytes.js'
import { networkKindOf } from '../address.js'
import { BitcoinProviderError, codeOf } from '../errors.js'
import {
  LeatherAddressesSchema,
  LeatherSignMessageSchema,
  LeatherSignPsbtSchema,
  parseReply,
  RpcReplySchema,
  rpcResult,
  SendTransferResultSchema,
} from '../schemas.js'
import { createBitcoinProvider, type BitcoinWallet } from './provider.js'

/** Leather's `window.LeatherProvider`: `request(method, params)` resolves a JSON-RPC reply, rejects with one. */
export interface LeatherProvider {
  request(method: string, params?: unknown): Promise<unknown>
}

/** Drives Leather through PorticoBitcoinProvider (its BTC addresses: p2wpkh pays, p2tr holds ordinals). */
export function leatherBitcoin(name: string, icon: string, wallet: LeatherProvider): BitcoinWallet {
  const call = async (method: string, params?: unknown) => {
    let reply: unknown
    try {
      reply = await wallet.request(method, params)
    } catch (error) {
      // Leather rejects with the JSON-RPC error reply itself.
      throw new BitcoinProviderError(codeOf(error) ?? -32603, `${method} failed`)
    }
    return rpcResult(parseReply(RpcReplySchema, reply, name), method)
  }
  let known: { address: string; type?: string }[] = []
  const provider = createBitcoinProvider({
    async getAccountAddresses() {
      const { addresses } = parseReply(LeatherAddressesSchema, await call('getAddresses'), name)
      const btc = addresses.filter((a) => (a.symbol ?? 'BTC') === 'BTC' && (a.type === 'p2wpkh' || a.type === 'p2tr'))
      known = btc
      return btc.map((a) => ({
        address: a.address,
        publicKey: a.publicKey,
        path: a.derivationPath,
        intention: a.type === 'p2tr' ? ('ordinal' as const) : ('payment' as const),
      }))
    },
    async signMessage({ address, message }) {
      const paymentType = known.find((a) => a.address === address)?.type ?? 'p2wpkh'
      const result = parseReply(LeatherSignMessageSchema, await call('signMessage', { message, paymentType, network: networkOf(address) }), name)
      return { address, signature: result.signature }
    },
    async signPsbt({ psbt, signInputs, broadcast }) {
      const params = { hex: hex.encode(base64.decode(psbt)), signAtIndex: signInputs?.map((i) => i.index), broadcast: Boolean(broadcast) }
      const result = parseReply(LeatherSignPsbtSchema, await call('signPsbt', params), name)
      return { psbt: base64.encode(hex.decode(result.hex)), ...(result.txid ? { txid: result.txid } : {}) }
    },
    async sendTransfer({ recipientAddress, amount }) {
      const result = await call('sendTransfer', { recipients: [{ address: recipientAddress, amount }], network: networkOf(recipientAddress) })
      return { txid: parseReply(SendTransferResultSchema, result, name).txid }
    },
  })
  return { name, icon, provider }
}

const networkOf = (address: string) => networkKindOf(address) ?? 'mainnet'
