import { base64, hex } from '../bytes.js'
import { BitcoinProviderError } from '../errors.js'
import { HexSchema, OkxAccountsSchema, OkxConnectSchema, OkxSignatureSchema, parseReply, TxidSchema } from '../schemas.js'
import { createBitcoinProvider, type BitcoinWallet } from './provider.js'

/** OKX Wallet's `window.okxwallet.bitcoin` (UniSat-style methods). */
export interface OkxBitcoinProvider {
  connect(): Promise<unknown>
  getAccounts?(): Promise<unknown>
  signMessage(message: string, type?: 'ecdsa' | 'bip322-simple'): Promise<unknown>
  signPsbt(psbtHex: string, options?: { autoFinalized?: boolean; toSignInputs?: { index: number; address: string }[] }): Promise<unknown>
  pushPsbt?(psbtHex: string): Promise<unknown>
  sendBitcoin?(to: string, satoshis: number): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): void
  removeListener?(event: string, listener: (...args: unknown[]) => void): void
}

/** Drives OKX Wallet through PorticoBitcoinProvider: one address, the payment one. */
export function okxBitcoin(name: string, icon: string, wallet: OkxBitcoinProvider): BitcoinWallet {
  const provider = createBitcoinProvider(
    {
      async getAccountAddresses() {
        const { address, publicKey } = parseReply(OkxConnectSchema, await wallet.connect(), name)
        return [{ address, publicKey, intention: 'payment' as const }]
      },
      async signMessage({ address, message, protocol }) {
        const signature = parseReply(OkxSignatureSchema, await wallet.signMessage(message, protocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple'), name)
        return { address, signature }
      },
      async signPsbt({ psbt, signInputs = [], broadcast }) {
        const toSignInputs = signInputs.map(({ index, address }) => ({ index, address }))
        const signed = parseReply(HexSchema, await wallet.signPsbt(hex.encode(base64.decode(psbt)), { autoFinalized: Boolean(broadcast), toSignInputs }), name)
        if (!broadcast) return { psbt: base64.encode(hex.decode(signed)) }
        if (!wallet.pushPsbt) throw new BitcoinProviderError(4200, `${name} cannot broadcast`)
        const txid = parseReply(TxidSchema, await wallet.pushPsbt(signed), name)
        return { psbt: base64.encode(hex.decode(signed)), txid }
      },
      async sendTransfer({ recipientAddress, amount }) {
        if (!wallet.sendBitcoin) throw new BitcoinProviderError(4200, `${name} cannot send`)
        return { txid: parseReply(TxidSchema, await wallet.sendBitcoin(recipientAddress, Number(amount)), name) }
      },
    },
    (emit) => {
      const onAccounts = (accounts: unknown) => {
        const parsed = parseReplySafe(accounts)
        if (!parsed?.length) emit('disconnect')
        else
          emit(
            'bip122_addressesChanged',
            parsed.map((address) => ({ address, intention: 'payment' })),
          )
      }
      wallet.on?.('accountsChanged', onAccounts)
      return () => wallet.removeListener?.('accountsChanged', onAccounts)
    },
  )
  return {
    name,
    icon,
    provider,
    restore: async () =>
      (wallet.getAccounts ? parseReply(OkxAccountsSchema, await wallet.getAccounts(), name) : []).map((address) => ({
        address,
        intention: 'payment' as const,
      })),
  }
}

function parseReplySafe(accounts: unknown): string[] | undefined {
  try {
    return parseReply(OkxAccountsSchema, accounts, 'OKX')
  } catch {
    return undefined
  }
}
