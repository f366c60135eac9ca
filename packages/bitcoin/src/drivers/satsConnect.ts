import * as v from 'valibot'
import { BitcoinProviderError } from '../errors.js'
import { parseReply, RpcReplySchema, rpcResult, SatsAddressesSchema, SatsSignMessageSchema, SatsSignPsbtSchema, SendTransferResultSchema } from '../schemas.js'
import { createBitcoinProvider, type BitcoinWallet } from './provider.js'

/** sats-connect's provider request API (Xverse's BitcoinProvider, Magic Eden's bitcoin): JSON-RPC replies. */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(event: string, listener: (...args: unknown[]) => void): (() => void) | undefined
}

/** Drives a wallet that speaks sats-connect's request API through PorticoBitcoinProvider. */
export function satsConnectBitcoin(name: string, icon: string, wallet: SatsConnectProvider): BitcoinWallet {
  const call = async (method: string, params: unknown) => {
    return rpcResult(parseReply(RpcReplySchema, await wallet.request(method, params), name), method)
  }
  const addresses = async () => {
    const { addresses } = parseReply(SatsAddressesSchema, await call('getAddresses', { purposes: ['payment', 'ordinals'] }), name)
    return addresses
      .filter((a) => a.purpose === 'payment' || a.purpose === 'ordinals')
      .map((a) => ({ address: a.address, publicKey: a.publicKey, intention: a.purpose === 'ordinals' ? ('ordinal' as const) : ('payment' as const) }))
  }
  const provider = createBitcoinProvider(
    {
      getAccountAddresses: addresses,
      async signMessage({ address, message, protocol }) {
        const result = await call('signMessage', { address, message, protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' })
        const { signature } = parseReply(SatsSignMessageSchema, result, name)
        return { address, signature }
      },
      async signPsbt({ psbt, signInputs = [], broadcast }) {
        const byAddress: Record<string, number[]> = {}
        for (const { address, index } of signInputs) (byAddress[address] ??= []).push(index)
        const result = parseReply(SatsSignPsbtSchema, await call('signPsbt', { psbt, signInputs: byAddress, broadcast: Boolean(broadcast) }), name)
        return { psbt: result.psbt, ...(result.txid ? { txid: result.txid } : {}) }
      },
      async sendTransfer({ recipientAddress, amount }) {
        const result = await call('sendTransfer', { recipients: [{ address: recipientAddress, amount: Number(amount) }] })
        return { txid: parseReply(SendTransferResultSchema, result, name).txid }
      },
    },
    (emit) => {
      const off = wallet.addListener?.('accountChange', () => emit('bip122_addressesChanged'))
      const offDisconnect = wallet.addListener?.('disconnect', () => emit('disconnect'))
      return () => [off, offDisconnect].forEach((stop) => (typeof stop === 'function' ? stop() : undefined))
    },
  )
  return { name, icon, provider }
}

export const isSatsConnectProvider = (value: unknown): value is SatsConnectProvider => v.is(v.looseObject({ request: v.function() }), value)
