/**
 * createBitcoinTestWallet: the dev keys behind two faces, a Wallet Standard wallet and a sats-connect
 * provider, sharing one connection state, one account and one approval path (hook, dialog,
 * autoApprove or rejectAll), plus the handle journeys drive it with.
 */
import type { Wallet } from '@wallet-standard/base'
import { type StandardEventsChangeProperties, StandardConnect, StandardDisconnect, StandardEvents } from '@wallet-standard/features'
import { createSolanaStore } from '../solana/persistence'
import { BITCOIN_TEST_WALLET_ICON, BITCOIN_TEST_WALLET_NAME } from './constants'
import { askInBitcoinDialog } from './dialog'
import { ErrorCode, ProviderRpcError, userRejected } from './errors'
import { BITCOIN_DEV_ACCOUNT_COUNT, bitcoinDevAccount } from './keys'
import { BITCOIN_DEVNET_DEFAULT_URL } from './network'
import { createBitcoinOperations } from './operations'
import { createSatsConnectProvider } from './satsConnect'
import { BITCOIN_STANDARD_CHAINS, createAccounts, createBitcoinStandardFeatures } from './standard'
import type { BitcoinApprovalRequest, BitcoinSignedRecord, BitcoinTestWalletHandle, BitcoinTestWalletOptions } from './types'

export function createBitcoinTestWallet(options: BitcoinTestWalletOptions = {}): BitcoinTestWalletHandle {
  const url = options.url || BITCOIN_DEVNET_DEFAULT_URL
  const origin = options.origin ?? (typeof location !== 'undefined' ? location.origin : 'unknown origin')
  const store = createSolanaStore(options.storageKey)
  const state = store.load()
  const settings = { autoApprove: !!options.autoApprove, rejectAll: !!options.rejectAll }
  let index = [state.accountIndex, options.accountIndex].find((i) => i !== undefined && Number.isInteger(i) && i >= 0 && i < BITCOIN_DEV_ACCOUNT_COUNT) ?? 0
  let session = false
  const listeners = new Set<(properties: StandardEventsChangeProperties) => void>()
  const signed: BitcoinSignedRecord[] = []
  const account = createAccounts()
  const keys = () => bitcoinDevAccount(index)

  async function approve(method: string, title: string, details: BitcoinApprovalRequest['details'], address: string) {
    if (settings.rejectAll) throw userRejected()
    if (settings.autoApprove) return
    const request: BitcoinApprovalRequest = { method, origin, title, details, account: address }
    let approved: boolean
    if (options.onApprovalRequest) approved = await options.onApprovalRequest(request)
    else if (typeof document !== 'undefined') approved = await askInBitcoinDialog(request)
    else throw new ProviderRpcError(ErrorCode.UserRejected, 'No approval UI outside a browser: pass autoApprove or onApprovalRequest.')
    if (!approved) throw userRejected()
  }

  const accounts = () => (session ? [account(keys().payment), account(keys().ordinal)] : [])
  const emitChange = () => {
    for (const listener of [...listeners]) {
      try {
        listener({ accounts: accounts() })
      } catch (err) {
        console.error(`[${BITCOIN_TEST_WALLET_NAME}] "change" listener threw`, err)
      }
    }
  }

  // Concurrent connects share one prompt; a site approved before connects without one.
  let pendingConnect: Promise<void> | undefined
  async function connect() {
    if (session) return
    if (!state.approved) {
      pendingConnect ??= approve(
        'connect',
        `Connect to ${origin}`,
        [{ label: 'Allows', value: 'See your payment and ordinal addresses and ask you to sign' }],
        keys().payment.address,
      )
        .then(() => {
          state.approved = true
          store.save(state)
        })
        .finally(() => (pendingConnect = undefined))
      await pendingConnect
    }
    if (!session) {
      session = true
      emitChange()
    }
  }

  function disconnect() {
    const was = session
    session = false
    delete state.approved
    store.save(state)
    if (was) {
      emitChange()
      sats.emit('disconnect')
    }
  }

  const ops = createBitcoinOperations({
    url,
    account: () => {
      if (!session) throw new ProviderRpcError(ErrorCode.Unauthorized, 'The wallet is not connected to this site. Connect first.')
      return keys()
    },
    approve,
    record: (entry) => void signed.push(entry),
  })
  const sats = createSatsConnectProvider({ ops, keys, connect, disconnect, connected: () => session })

  const wallet: Wallet = {
    version: '1.0.0',
    name: BITCOIN_TEST_WALLET_NAME,
    icon: BITCOIN_TEST_WALLET_ICON,
    chains: BITCOIN_STANDARD_CHAINS,
    features: {
      ...createBitcoinStandardFeatures({ ops, keys, connect }, account),
      // Wallet Standard's connect: silent (a reload) connects a site approved before and never prompts.
      [StandardConnect]: {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          if (!input?.silent || state.approved) await connect()
          return { accounts: accounts() }
        },
      },
      [StandardDisconnect]: { version: '1.0.0', disconnect: async () => disconnect() },
      [StandardEvents]: {
        version: '1.0.0',
        on: (event: string, listener: (properties: StandardEventsChangeProperties) => void) => {
          if (event !== 'change') return () => undefined
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
    },
    get accounts() {
      return accounts()
    },
  }

  return {
    wallet,
    satsConnect: sats.provider,
    isPorticoBitcoinTestWallet: true,
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
    url,
    get accountIndex() {
      return index
    },
    get paymentAddress() {
      return keys().payment.address
    },
    get ordinalAddress() {
      return keys().ordinal.address
    },
    get connected() {
      return session
    },
    setAccount(next) {
      bitcoinDevAccount(next) // Throws on an unknown index.
      if (next === index) return
      index = next
      state.accountIndex = next
      store.save(state)
      if (session) {
        emitChange()
        sats.emit('accountChange')
      }
    },
    disconnect,
    get signed() {
      return [...signed]
    },
    clearSigned: () => void signed.splice(0),
  }
}
