/**
 * Portico WalletConnect Test Wallet: a real WalletConnect v2 wallet (on @walletconnect/sign-client)
 * that signs with a local dev key and sends to the devnet. Development only: never use real funds.
 * Runs in Node (tests, CLI) and in a browser page (dist/wc-wallet/).
 */
import { SignClient } from '@walletconnect/sign-client'
import type { ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { closeSignClient } from './close'
import { createEip155Calls, runEip155, EIP155_EVENTS, EIP155_METHODS } from './eip155'
import { EIP5792_READS } from '../calls'
import { RpcError, userRejected } from './errors'
import { createSolanaSide, isSolanaMethod, SOLANA_READ_ONLY } from './solana'
import { BIP122_READ_ONLY, createBip122Side, isBip122Chain } from './bip122'
import { answerAuthentication } from './authenticate'
import { memoryStorage, type KeyValueStorage } from './storage'
import { describeApprove } from '../approve'

export { EIP155_EVENTS, EIP155_METHODS }
export { closeSignClient }

export interface WalletConnectTestWalletOptions {
  /** ws://127.0.0.1:8787/relay (Portico's relay) or any WalletConnect relay. */
  relayUrl: string
  projectId?: string
  /** The dev key that signs (never a key with real funds). */
  privateKey: Hex
  /**
   * JSON-RPC endpoint per CAIP-2 chain this wallet supports, e.g. { 'eip155:31337': 'http://127.0.0.1:8545' };
   * a `solana:…` chain (the local one: SOLANA_DEVNET_CAIP2) makes it approve the solana namespace too.
   */
  rpc: Record<string, string>
  /** The Solana dev account (index into the local chain's dev accounts, or a base58 secret key); default 0. */
  solanaAccount?: number | string
  /** The Bitcoin dev account (0..9) for `bip122:…` chains in rpc (their value: the Esplora URL); default 0. */
  bitcoinAccount?: number
  /**
   * Answer one-click sign-in requests (wc_sessionAuthenticate) by signing them (default true). When
   * false the wallet does not support them: the dapp's fallback session proposal arrives instead.
   */
  oneClickAuth?: boolean
  /** Approve proposals and requests without asking (default true). When false they wait in pending(). */
  autoApprove?: boolean
  /** Storage for the SDK; in memory by default, so wallets never share state. */
  storage?: KeyValueStorage
  /** A prefix unique to this wallet (default: a random one). */
  storagePrefix?: string
  metadata?: SignClientTypes.Metadata
  /** SDK log level (default 'silent'). */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
}

export type PendingKind = 'proposal' | 'request'
export interface PendingItem {
  key: number
  kind: PendingKind
  /** One line for people: who asks for what. */
  summary: string
  proposal?: ProposalTypes.Struct
  request?: { topic: string; id: number; chainId: string; method: string; params: unknown }
}
export interface HandledItem {
  kind: PendingKind
  method?: string
  approved: boolean
  result?: unknown
  error?: { code: number; message: string }
}

type Decision = 'approve' | 'reject'
type NextRule = { kind: PendingKind | 'any'; decision: Decision }

export interface WalletConnectTestWallet {
  readonly address: Hex
  /** The Solana account (base58), when a solana chain is configured. */
  readonly solanaAddress?: string
  /** The Bitcoin payment and ordinal addresses, when a bip122 chain is configured. */
  readonly bitcoinAddresses?: readonly { address: string; intention: 'payment' | 'ordinal' }[]
  /** Switches the Bitcoin dev account and tells every session (bip122_addressesChanged). */
  switchBitcoinAccount(index: number): Promise<void>
  readonly client: InstanceType<typeof SignClient>
  /** Pairs from a `wc:` URI; the proposal follows (approved per the rules below). */
  pair(uri: string): Promise<void>
  /** The next proposal/request (of `kind`, or any) is approved / rejected, even with autoApprove off. */
  approveNext(kind?: PendingKind | 'any'): void
  rejectNext(kind?: PendingKind | 'any'): void
  setAutoApprove(on: boolean): void
  /** Proposals and requests waiting for a decision (autoApprove off). */
  pending(): PendingItem[]
  decide(key: number, decision: Decision): void
  /** What the wallet answered so far, oldest first. */
  handled(): HandledItem[]
  sessions(): SessionTypes.Struct[]
  /** Resolves with the newest session once one exists. */
  waitForSession(timeoutMs?: number): Promise<SessionTypes.Struct>
  /** The chain the wallet is on (CAIP-2). */
  currentChain(): string
  /** Switches chain and tells every session (chainChanged), as wallet_switchEthereumChain does. */
  switchChain(caip2: string): Promise<void>
  /** Notified on every change (pending items, sessions, handled list, log). */
  onChange(fn: () => void): () => void
  log(): string[]
  disconnect(topic?: string): Promise<void>
  close(): Promise<void>
}

export async function createWalletConnectTestWallet(options: WalletConnectTestWalletOptions): Promise<WalletConnectTestWallet> {
  const account = privateKeyToAccount(options.privateKey)
  const chains = Object.keys(options.rpc).filter((c) => c.startsWith('eip155:'))
  const solana = Object.keys(options.rpc).some((c) => c.startsWith('solana:')) ? createSolanaSide(options.solanaAccount ?? 0, options.rpc) : undefined
  const bip122 = Object.keys(options.rpc).some(isBip122Chain) ? createBip122Side(options.bitcoinAccount ?? 0, options.rpc) : undefined
  if (chains.length === 0 && !solana && !bip122) throw new Error('createWalletConnectTestWallet: give at least one eip155, solana or bip122 chain in rpc')
  // The EVM chain the wallet is on (a solana- or bitcoin-only wallet reports its own chain).
  let current = chains[0] ?? solana?.chains[0] ?? bip122!.chains[0]!
  let autoApprove = options.autoApprove ?? true
  const rules: NextRule[] = []
  const waiting = new Map<number, { item: PendingItem; resolve: (d: Decision) => void }>()
  const handledList: HandledItem[] = []
  const logLines: string[] = []
  const listeners = new Set<() => void>()
  let nextKey = 1
  const changed = () => listeners.forEach((fn) => fn())
  const note = (line: string) => {
    logLines.push(`${new Date().toISOString().slice(11, 19)} ${line}`)
    if (logLines.length > 200) logLines.shift()
    changed()
  }

  const client = await SignClient.init({
    projectId: options.projectId ?? 'portico-dev',
    relayUrl: options.relayUrl,
    metadata: options.metadata ?? {
      name: 'Portico WalletConnect Test Wallet',
      description: 'Development only: signs with a local dev key.',
      url: 'http://127.0.0.1',
      icons: [],
    },
    storage: options.storage ?? memoryStorage(),
    customStoragePrefix: options.storagePrefix ?? `portico-wc-wallet-${Math.random().toString(36).slice(2)}`,
    telemetryEnabled: false,
    signConfig: { disableRequestQueue: true },
    logger: options.logLevel ?? 'silent',
  } as SignClientTypes.Options)
  // Verify is a hosted service: off for a local relay (it would cost ~5 s per proposal/request offline).
  client.core.verify.register = async () => ''
  client.core.verify.resolve = (async () => undefined) as never

  /** Waits for a decision: a queued rule, autoApprove, or a person (decide / approveNext). */
  const decision = (item: Omit<PendingItem, 'key'>): Promise<Decision> => {
    const ruleIndex = rules.findIndex((r) => r.kind === 'any' || r.kind === item.kind)
    if (ruleIndex >= 0) return Promise.resolve(rules.splice(ruleIndex, 1)[0]!.decision)
    if (autoApprove) return Promise.resolve('approve')
    const key = nextKey++
    return new Promise((resolve) => {
      waiting.set(key, {
        item: { ...item, key },
        resolve: (d) => {
          waiting.delete(key)
          resolve(d)
          changed()
        },
      })
      note(`waiting: ${item.summary}`)
    })
  }
  const queueRule = (kind: PendingKind | 'any', d: Decision) => {
    const oldest = [...waiting.values()].find((w) => kind === 'any' || w.item.kind === kind)
    if (oldest) oldest.resolve(d)
    else rules.push({ kind, decision: d })
  }

  client.on('session_proposal', async ({ id, params }) => {
    const summary = `connect request from ${params.proposer.metadata.name} (${params.proposer.metadata.url})`
    const d = await decision({ kind: 'proposal', summary, proposal: params })
    try {
      if (d === 'reject') {
        await client.reject({ id, reason: getSdkError('USER_REJECTED') })
        handledList.push({ kind: 'proposal', approved: false })
        note(`rejected ${summary}`)
        return
      }
      let namespaces: SessionTypes.Namespaces
      try {
        namespaces = buildApprovedNamespaces({
          proposal: params,
          supportedNamespaces: {
            ...(chains.length
              ? {
                  eip155: {
                    chains,
                    methods: [...EIP155_METHODS],
                    events: [...EIP155_EVENTS],
                    accounts: chains.map((c) => `${c}:${account.address}`),
                  },
                }
              : {}),
            ...(solana ? { solana: solana.namespace() } : {}),
            ...(bip122 ? { bip122: bip122.namespace() } : {}),
          },
        })
      } catch (error) {
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
        handledList.push({ kind: 'proposal', approved: false, error: { code: 5100, message: String(error) } })
        note(`could not approve (${(error as Error).message}); rejected`)
        return
      }
      const requested = [
        ...Object.values(params.requiredNamespaces ?? {}).flatMap((n) => n.chains ?? []),
        ...Object.values(params.optionalNamespaces ?? {}).flatMap((n) => n.chains ?? []),
      ]
      if (requested.length && !requested.includes(current)) current = requested.find((c) => chains.includes(c)) ?? current
      const { topic, acknowledged } = await client.approve({ id, namespaces })
      handledList.push({ kind: 'proposal', approved: true, result: topic })
      note(`approved ${summary}: session ${topic.slice(0, 8)}…`)
      acknowledged().then(changed, () => undefined)
    } catch (error) {
      note(`proposal failed: ${(error as Error).message}`)
    }
  })

  // A sign-in request counts as a connect request ('proposal') for the approve/reject rules.
  if (chains.length && options.oneClickAuth !== false)
    answerAuthentication({
      client,
      account,
      chains,
      methods: EIP155_METHODS,
      decide: (summary) => decision({ kind: 'proposal', summary }),
      onChain: (caip2) => {
        current = caip2
      },
      onHandled: (approved, result, error) => handledList.push({ kind: 'proposal', method: 'wc_sessionAuthenticate', approved, result, error }),
      note,
    })

  const run = async (method: string, params: unknown, chainId: string): Promise<unknown> => {
    if (isBip122Chain(chainId)) {
      if (!bip122) throw new RpcError(4200, `Unsupported method ${method}`)
      return bip122.run(method, params, chainId)
    }
    if (isSolanaMethod(method)) {
      if (!solana) throw new RpcError(4200, `Unsupported method ${method}`)
      return solana.run(method, params, chainId)
    }
    return runEip155({ account, chains, rpc: options.rpc, current, switchChain, calls }, method, params, chainId)
  }
  const calls = createEip155Calls()
  const READ_ONLY = new Set<string>(['eth_chainId', 'eth_accounts', ...EIP5792_READS])

  client.on('session_request', async ({ topic, id, params }) => {
    const { request, chainId } = params
    const summary =
      isSolanaMethod(request.method) && solana
        ? `${request.method} on ${chainId}: ${await solana.describe(request.method, request.params, chainId)}`
        : isBip122Chain(chainId) && bip122
          ? `${request.method} on ${chainId}: ${bip122.describe(request.method, request.params)}`
          : `${request.method} on ${chainId}${approveSummary(request.method, request.params)}`
    let response: { id: number; jsonrpc: '2.0'; result: unknown } | { id: number; jsonrpc: '2.0'; error: { code: number; message: string } }
    try {
      const d =
        READ_ONLY.has(request.method) || SOLANA_READ_ONLY.has(request.method) || (isBip122Chain(chainId) && BIP122_READ_ONLY.has(request.method))
          ? 'approve'
          : await decision({ kind: 'request', summary, request: { topic, id, chainId, method: request.method, params: request.params } })
      if (d === 'reject') throw userRejected()
      const result = await run(request.method, request.params, chainId)
      response = { id, jsonrpc: '2.0', result }
      handledList.push({ kind: 'request', method: request.method, approved: true, result })
      note(`answered ${summary}`)
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(-32603, (error as Error).message)
      response = { id, jsonrpc: '2.0', error: { code: e.code, message: e.message } }
      handledList.push({ kind: 'request', method: request.method, approved: e.code !== 4001, error: response.error })
      note(`${e.code === 4001 ? 'rejected' : 'failed'} ${summary}${e.code === 4001 ? '' : `: ${e.message}`}`)
    }
    await client.respond({ topic, response }).catch((error) => note(`respond failed: ${(error as Error).message}`))
  })
  client.on('session_delete', ({ topic }) => note(`session ${topic.slice(0, 8)}… ended by the dapp`))
  client.on('session_ping', () => undefined)

  const switchChain = async (caip2: string) => {
    if (!chains.includes(caip2)) throw new Error(`Not a configured chain: ${caip2}`)
    current = caip2
    for (const session of client.session.getAll())
      await client.emit({ topic: session.topic, event: { name: 'chainChanged', data: Number(caip2.split(':')[1]) }, chainId: caip2 })
    note(`switched to ${caip2}`)
  }

  return {
    address: account.address,
    solanaAddress: solana?.address,
    get bitcoinAddresses() {
      return bip122?.addresses
    },
    async switchBitcoinAccount(index) {
      if (!bip122) throw new Error('No bip122 chain configured')
      const addresses = bip122.setAccount(index)
      for (const session of client.session.getAll()) {
        if (!session.namespaces.bip122) continue
        // The session's accounts follow, then the dapp hears of the change.
        const namespaces = { ...session.namespaces, bip122: { ...session.namespaces.bip122, accounts: bip122.namespace().accounts } }
        await client.update({ topic: session.topic, namespaces }).then(({ acknowledged }) => acknowledged())
        for (const chainId of bip122.chains) await client.emit({ topic: session.topic, event: { name: 'bip122_addressesChanged', data: addresses }, chainId })
      }
      note(`switched Bitcoin account to ${index}`)
    },
    client,
    async pair(uri) {
      if (!uri.startsWith('wc:')) throw new Error('Not a WalletConnect URI (it starts with wc:)')
      note('pairing…')
      await client.core.pairing.pair({ uri })
    },
    approveNext: (kind = 'any') => queueRule(kind, 'approve'),
    rejectNext: (kind = 'any') => queueRule(kind, 'reject'),
    setAutoApprove(on) {
      autoApprove = on
      changed()
    },
    pending: () => [...waiting.values()].map((w) => w.item),
    decide(key, d) {
      waiting.get(key)?.resolve(d)
    },
    handled: () => [...handledList],
    sessions: () => client.session.getAll(),
    async waitForSession(timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        const all = client.session.getAll()
        if (all.length) return all[all.length - 1]!
        if (Date.now() > until) throw new Error('No WalletConnect session in time')
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    currentChain: () => current,
    switchChain,
    onChange(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    log: () => [...logLines],
    async disconnect(topic) {
      const topics = topic ? [topic] : client.session.getAll().map((s) => s.topic)
      for (const t of topics) await client.disconnect({ topic: t, reason: getSdkError('USER_DISCONNECTED') })
      note(`disconnected ${topics.length} session(s)`)
    },
    async close() {
      for (const w of [...waiting.values()]) w.resolve('reject')
      await closeSignClient(client)
    },
  }
}

/** ': approve 0x… to spend Unlimited' for an ERC-20 approve sent as a transaction; '' for anything else. */
function approveSummary(method: string, params: unknown): string {
  const tx = method === 'eth_sendTransaction' && Array.isArray(params) ? (params[0] as { to?: string; data?: string } | undefined) : undefined
  const call = describeApprove(tx?.data)
  return call ? `: approve ${call.spender} to spend ${call.allowance} of ${tx!.to}` : ''
}
