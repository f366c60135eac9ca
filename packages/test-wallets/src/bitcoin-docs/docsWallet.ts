/**
 * The Docs Bitcoin Wallet's state and actions, shared by its two faces (the Wallet Standard wallet and the
 * sats-connect provider): its keys, which purposes the site may use, approvals (automatic unless
 * `rejectAll`), signing and sending. Development only.
 */
import { BITCOIN_DEVNET_CAIP2, BITCOIN_DEVNET_NETWORK, BITCOIN_DEVNET_URL } from '@portico/devnet/bitcoin-constants'
import { base64, hex } from '@scure/base'
import { signBip322Simple } from './bip322'
import { legacyMessageHash, signLegacyMessage } from './ecdsaMessage'
import { DocsInvalidParamsError, DocsUnauthorizedError, DocsUserRejectedError } from './errors'
import { broadcast } from './esplora'
import { type DocsAccount, type DocsAddressPurpose, type DocsBitcoinNetwork, type DocsKey, deriveDocsAccount, DOCS_DEFAULT_ACCOUNT_INDEX } from './keys'
import { decodePsbt, type InputsToSign, signPsbt } from './psbt'
import { type Recipient, sendTransfer } from './transfer'

export interface DocsBitcoinWalletOptions {
  mnemonic?: string
  /** The dev account (address index i of m/84'/1'/0'/0/i and m/86'/1'/0'/0/i); default 5. */
  accountIndex?: number
  /** Esplora API base URL; default the devnet's. */
  url?: string
  /** Refuse every connection and signature (4001 / sats-connect USER_REJECTION). */
  rejectAll?: boolean
  /** Where the granted purposes persist across page loads (localStorage key); none: memory only. */
  storageKey?: string
  network?: DocsBitcoinNetwork
}

export type MessageProtocol = 'ECDSA' | 'BIP322'

export interface SignedMessage {
  signature: Uint8Array
  /** What the signature commits to: BIP-322's tagged hash or the legacy message digest. */
  messageHash: Uint8Array
  protocol: MessageProtocol
}

export type DocsWalletEvent = { type: 'accountsChanged' } | { type: 'disconnect' }

export interface DocsBitcoinWallet {
  readonly url: string
  readonly network: DocsBitcoinNetwork
  /** Wallet Standard chains: Exodus's 'bitcoin:regtest' and the CAIP-2 id of the devnet. */
  readonly chains: readonly `${string}:${string}`[]
  rejectAll: boolean
  readonly account: DocsAccount
  /** The keys the site may use, in the order granted; empty when not connected. */
  readonly granted: readonly DocsKey[]
  connect(purposes: readonly DocsAddressPurpose[]): Promise<DocsKey[]>
  disconnect(): void
  setAccount(index: number): void
  keyFor(address: string): DocsKey
  signMessage(address: string, message: Uint8Array, protocol?: MessageProtocol): Promise<SignedMessage>
  signPsbt(
    psbt: Uint8Array,
    inputs: readonly (Omit<InputsToSign, 'key'> & { address: string })[] | undefined,
    options: { finalize?: boolean; broadcast?: boolean },
  ): Promise<{ psbt: Uint8Array; txid?: string }>
  sendTransfer(recipients: readonly Recipient[]): Promise<string>
  on(listener: (event: DocsWalletEvent) => void): () => void
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

function loadGranted(storageKey: string | undefined): DocsAddressPurpose[] {
  if (!storageKey) return []
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(storageKey) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((p): p is DocsAddressPurpose => p === 'payment' || p === 'ordinals') : []
  } catch {
    return []
  }
}

export function createDocsBitcoinWallet(options: DocsBitcoinWalletOptions = {}): DocsBitcoinWallet {
  const network = options.network ?? BITCOIN_DEVNET_NETWORK
  const url = options.url ?? BITCOIN_DEVNET_URL
  const derive = (accountIndex: number) => deriveDocsAccount({ mnemonic: options.mnemonic, accountIndex, network })
  let account = derive(options.accountIndex ?? DOCS_DEFAULT_ACCOUNT_INDEX)
  let purposes = loadGranted(options.storageKey)
  const listeners = new Set<(event: DocsWalletEvent) => void>()
  const emit = (event: DocsWalletEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  const persist = () => {
    if (options.storageKey) storage()?.setItem(options.storageKey, JSON.stringify(purposes))
  }
  const granted = () => purposes.map((p) => account[p])

  const wallet: DocsBitcoinWallet = {
    url,
    network,
    chains: ['bitcoin:regtest', BITCOIN_DEVNET_CAIP2 as `${string}:${string}`],
    rejectAll: options.rejectAll ?? false,
    get account() {
      return account
    },
    get granted() {
      return granted()
    },
    async connect(requested) {
      if (wallet.rejectAll) throw new DocsUserRejectedError()
      const wanted = requested.length > 0 ? requested : (['payment', 'ordinals'] as const)
      for (const p of wanted) if (p !== 'payment' && p !== 'ordinals') throw new DocsInvalidParamsError({ field: 'purposes', issue: String(p) })
      const before = purposes.join()
      purposes = [...new Set([...wanted, ...purposes])]
      persist()
      if (purposes.join() !== before) emit({ type: 'accountsChanged' })
      return wanted.map((p) => account[p])
    },
    disconnect() {
      const was = purposes.length > 0
      purposes = []
      persist()
      if (was) emit({ type: 'disconnect' })
    },
    setAccount(index) {
      account = derive(index)
      if (purposes.length > 0) emit({ type: 'accountsChanged' })
    },
    keyFor(address) {
      const key = granted().find((k) => k.address === address)
      if (!key) throw new DocsUnauthorizedError({ address })
      return key
    },
    async signMessage(address, message, protocol) {
      const key = wallet.keyFor(address)
      // sats-connect's documented default: ECDSA for payment addresses, BIP-322 for taproot.
      const chosen = protocol ?? (key.addressType === 'p2tr' ? 'BIP322' : 'ECDSA')
      if (chosen === 'ECDSA' && key.addressType === 'p2tr') throw new DocsInvalidParamsError({ field: 'protocol', issue: 'ECDSA needs a payment address' })
      if (wallet.rejectAll) throw new DocsUserRejectedError()
      if (chosen === 'ECDSA') return { signature: signLegacyMessage(key.privateKey, message), messageHash: legacyMessageHash(message), protocol: chosen }
      const bip322 = signBip322Simple(key, message)
      return { signature: base64.decode(bip322.signature), messageHash: hex.decode(bip322.messageHash), protocol: chosen }
    },
    async signPsbt(psbt, inputs, { finalize = false, broadcast: send = false }) {
      decodePsbt(psbt) // a malformed PSBT is refused as such before anything else
      if (inputs?.length === 0) throw new DocsInvalidParamsError({ field: 'inputsToSign', issue: 'empty' })
      const toSign = inputs ? inputs.map(({ address, ...rest }) => ({ ...rest, key: wallet.keyFor(address) })) : granted().map((key) => ({ key }))
      if (toSign.length === 0) throw new DocsUnauthorizedError({})
      const { tx } = signPsbt({ psbt, inputs: toSign, finalize: finalize || send })
      if (wallet.rejectAll) throw new DocsUserRejectedError()
      if (!send) return { psbt: tx.toPSBT() }
      const txid = await broadcast(url, hex.encode(tx.extract()))
      return { psbt: tx.toPSBT(), txid }
    },
    async sendTransfer(recipients) {
      const key = account.payment
      if (!purposes.includes('payment')) throw new DocsUnauthorizedError({ address: key.address })
      if (wallet.rejectAll) throw new DocsUserRejectedError()
      return sendTransfer({ url, key, network, recipients })
    },
    on(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return wallet
}
