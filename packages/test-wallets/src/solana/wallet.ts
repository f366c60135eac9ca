/**
 * createSolanaTestWallet: a Wallet Standard wallet backed by the local chain's dev keys, plus the
 * test handle that drives it (auto-approve, reject-all, account switching, what was signed).
 * Anything needing consent goes through `approve()` (dialog, hook, autoApprove or rejectAll).
 */
import { SolanaSignAndSendTransaction, SolanaSignMessage, SolanaSignTransaction, type SolanaSignInFeature } from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsChangeProperties,
  type StandardEventsFeature,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { SOLANA_TEST_WALLET_CHAINS, SOLANA_TEST_WALLET_DEFAULT_RPC_URL, SOLANA_TEST_WALLET_ICON, SOLANA_TEST_WALLET_NAME } from './constants'
import { askInSolanaDialog } from './dialog'
import { notConnected, ProviderRpcError, ErrorCode, userRejected } from './errors'
import { devAccountAddresses, devKey, type DevKey } from './keys'
import { createSolanaStore } from './persistence'
import { createSigningFeatures, type SolanaSigningFeatures } from './sign'
import { createSignInFeature } from './signin'
import type { SolanaApprovalRequest, SolanaSignedRecord, SolanaTestWalletHandle, SolanaTestWalletOptions } from './types'

export type SolanaTestWalletFeatures = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSigningFeatures & SolanaSignInFeature

const ACCOUNT_FEATURES = [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction] as const

export function createSolanaTestWallet(options: SolanaTestWalletOptions = {}): SolanaTestWalletHandle {
  const rpcUrl = options.rpcUrl || SOLANA_TEST_WALLET_DEFAULT_RPC_URL
  const origin = options.origin ?? (typeof location !== 'undefined' ? location.origin : 'unknown origin')
  const store = createSolanaStore(options.storageKey)
  const state = store.load()
  const settings = { autoApprove: !!options.autoApprove, rejectAll: !!options.rejectAll }
  let key = initialKey(state.accountIndex, options.accountIndex)
  /** Connected in this page: wallet.accounts holds the current account. */
  let session = false
  const listeners = new Set<(properties: StandardEventsChangeProperties) => void>()
  const signed: SolanaSignedRecord[] = []

  const walletAccounts = new Map<string, WalletAccount>()
  const walletAccount = (k: DevKey) => {
    let account = walletAccounts.get(k.address)
    if (!account) {
      account = new ReadonlyWalletAccount({
        address: k.address,
        publicKey: k.publicKey,
        chains: SOLANA_TEST_WALLET_CHAINS,
        features: ACCOUNT_FEATURES,
        label: k.label,
      })
      walletAccounts.set(k.address, account)
    }
    return account
  }
  const accounts = (): readonly WalletAccount[] => (session ? [walletAccount(key)] : [])
  const save = () => store.save(state)
  const emitChange = () => {
    for (const listener of [...listeners]) {
      // A throwing dapp listener must not break the wallet's own state updates.
      try {
        listener({ accounts: accounts() })
      } catch (err) {
        console.error(`[${SOLANA_TEST_WALLET_NAME}] "change" listener threw`, err)
      }
    }
  }

  async function approve(feature: string, title: string, details: SolanaApprovalRequest['details'], k: DevKey, chain: string) {
    if (settings.rejectAll) throw userRejected()
    if (settings.autoApprove) return
    const request: SolanaApprovalRequest = { feature, origin, title, details, account: k.address, chain: chainLabel(chain) }
    let approved: boolean
    if (options.onApprovalRequest) approved = await options.onApprovalRequest(request)
    else if (typeof document !== 'undefined') approved = await askInSolanaDialog(request)
    else throw new ProviderRpcError(ErrorCode.UserRejected, 'No approval UI outside a browser: pass autoApprove or onApprovalRequest.')
    if (!approved) throw userRejected()
  }

  function startSession() {
    session = true
    emitChange()
  }

  function approveSite() {
    state.approved = true
    save()
    if (!session) startSession()
  }

  // Concurrent connects share one prompt.
  let pendingConnect: Promise<void> | undefined
  const connect: StandardConnectFeature[typeof StandardConnect]['connect'] = async (input) => {
    if (session) return { accounts: accounts() }
    // A site approved before connects without a prompt, silently or not (as extensions treat trusted sites).
    if (state.approved) {
      startSession()
      return { accounts: accounts() }
    }
    if (input?.silent) return { accounts: [] }
    pendingConnect ??= approve(
      StandardConnect,
      `Connect to ${origin}`,
      [{ label: 'Allows', value: 'See your address and ask you to approve transactions and messages' }],
      key,
      SOLANA_TEST_WALLET_CHAINS[0],
    )
      .then(approveSite)
      .finally(() => (pendingConnect = undefined))
    await pendingConnect
    return { accounts: accounts() }
  }

  /** The dapp's disconnect and the user's both forget the site: the next silent connect returns no account. */
  function disconnect() {
    const was = session
    session = false
    delete state.approved
    save()
    if (was) emitChange()
  }

  const signing = createSigningFeatures({
    rpcUrl,
    requireAccount(feature, account) {
      if (!session) throw notConnected(feature)
      if (account?.address !== key.address) throw notConnected(feature, account?.address)
      return key
    },
    approve: (feature, summary, k, chain) => approve(feature, summary.title, summary.details, k, chain),
    record: (entry) => void signed.push(entry),
  })

  const features: SolanaTestWalletFeatures = {
    [StandardConnect]: { version: '1.0.0', connect },
    [StandardDisconnect]: { version: '1.0.0', disconnect: async () => disconnect() },
    [StandardEvents]: {
      version: '1.0.0',
      on: (event, listener) => {
        if (event !== 'change') return () => undefined
        const l = listener as (properties: StandardEventsChangeProperties) => void
        listeners.add(l)
        return () => void listeners.delete(l)
      },
    },
    ...signing,
    ...createSignInFeature({
      host: hostOf(origin),
      currentKey: () => key,
      walletAccount,
      approve: (feature, title, details, k) => approve(feature, title, details, k, SOLANA_TEST_WALLET_CHAINS[0]),
      connected: approveSite,
      record: (entry) => void signed.push(entry),
    }),
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: SOLANA_TEST_WALLET_NAME,
    icon: SOLANA_TEST_WALLET_ICON,
    chains: SOLANA_TEST_WALLET_CHAINS,
    features,
    get accounts() {
      return accounts()
    },
  }

  return {
    wallet,
    isPorticoSolanaTestWallet: true,
    get autoApprove() {
      return settings.autoApprove
    },
    set autoApprove(value) {
      settings.autoApprove = !!value
    },
    get rejectAll() {
      return settings.rejectAll
    },
    set rejectAll(value) {
      settings.rejectAll = !!value
    },
    rpcUrl,
    get address() {
      return key.address
    },
    get connected() {
      return session
    },
    devAccounts: devAccountAddresses(),
    setAccount(account) {
      const next = devKey(account)
      if (next.address === key.address) return
      key = next
      if (next.index !== undefined) state.accountIndex = next.index
      else delete state.accountIndex
      save()
      if (session) emitChange()
    },
    disconnect,
    get signed() {
      return [...signed]
    },
    clearSigned: () => void signed.splice(0),
  }
}

function initialKey(persisted: number | undefined, configured: number | undefined): DevKey {
  for (const index of [persisted, configured]) {
    if (index === undefined) continue
    try {
      return devKey(index)
    } catch {
      // A stale persisted index falls through to the configured one.
    }
  }
  return devKey(0)
}

const chainLabel = (chain: string) => `Portico local Solana chain (${chain})`

function hostOf(origin: string): string {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}
