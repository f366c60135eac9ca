/**
 * createTestWallet: a real EIP-1193 provider backed by a local private key.
 * Reads go straight to the current chain's RPC; signing happens here; anything
 * needing consent goes through `approve()` (dialog, hook, autoApprove or rejectAll).
 */
import { DEV_ACCOUNTS, DEVNET_CHAINS } from '@portico/devnet/constants'
import { formatEther, isAddress, isAddressEqual, isHex, numberToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describeApprove } from '../approve'
import { tokenUnits } from '../assets'
import { askInDialog } from './dialog'
import { callsHandlers } from './walletCalls'
import { ProviderRpcError, ErrorCode, invalidParams, unauthorized, unrecognizedChain, unsupported, userRejected } from './errors'
import { createEmitter } from './events'
import { decodeMessage, shortenData, truncate } from './format'
import { isNetworkError, rpcRequest } from './rpc'
import { createStore } from './storage'
import { prepareTransaction, signAndSend, type TransactionRequest } from './transaction'
import type { ApprovalRequest, RequestArguments, TestWalletChain, TestWalletOptions, TestWalletProvider } from './types'

/** Methods a wallet must not pass through to a dev node (anvil would sign with its own unlocked keys or mutate state). */
const BLOCKED_METHODS = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_sendUnsignedTransaction',
])
const BLOCKED_PREFIXES = ['wallet_', 'personal_', 'anvil_', 'hardhat_', 'evm_', 'debug_', 'admin_', 'miner_', 'txpool_', 'ots_']

const ADD_CHAIN_PROBE_TIMEOUT_MS = 3_000

export function createTestWallet(options: TestWalletOptions = {}): TestWalletProvider {
  const chains: TestWalletChain[] = (options.chains ?? DEVNET_CHAINS).map((c) => ({ ...c, nativeCurrency: { ...c.nativeCurrency } }))
  if (!chains.length) throw new Error('createTestWallet: `chains` must not be empty')

  // Browsers throw "Illegal invocation" if window.fetch is called as a method of another object.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const origin = options.origin ?? (typeof location !== 'undefined' ? location.origin : 'unknown origin')
  const store = createStore(options.storageKey)
  const state = store.load()
  const emitter = createEmitter()
  const settings = { autoApprove: !!options.autoApprove, rejectAll: !!options.rejectAll }
  let account = privateKeyToAccount(options.privateKey ?? DEV_ACCOUNTS[0].privateKey)

  const known = new Map<number, TestWalletChain>()
  for (const id of options.knownChainIds ?? [chains[0].chainId]) {
    const chain = chains.find((c) => c.chainId === id)
    if (chain) known.set(id, chain)
  }
  for (const chain of state.addedChains ?? []) known.set(chain.chainId, chain)
  if (!known.size) known.set(chains[0].chainId, chains[0])
  // A persisted chain (user's last choice before reload) wins over the configured start chain.
  let current = known.get(state.chainId ?? NaN) ?? known.get(options.initialChainId ?? NaN) ?? [...known.values()][0]

  const hexChainId = () => numberToHex(current.chainId)
  const isAuthorized = () => !!state.authorizedAddress && isAddressEqual(state.authorizedAddress as Hex, account.address)
  const accounts = () => (isAuthorized() ? [account.address] : [])
  const save = () => store.save(state)

  // --- Connectivity: EIP-1193 connect/disconnect follow whether the current chain's RPC answers.
  let rpcConnected: boolean | undefined
  function setConnected(connected: boolean) {
    if (connected === rpcConnected) return
    rpcConnected = connected
    if (connected) emitter.emit('connect', { chainId: hexChainId() })
    else emitter.emit('disconnect', new ProviderRpcError(ErrorCode.Disconnected, `Lost connection to ${current.rpcUrl}`))
  }
  const checkConnection = () =>
    rpcRequest(current.rpcUrl, 'eth_chainId', [], fetchFn).then(
      () => setConnected(true),
      () => setConnected(false),
    )
  // Deferred so dapps that subscribe right after creation still see 'connect'.
  setTimeout(checkConnection, 0)

  /** JSON-RPC to a chain (default: the current one), tracking connectivity. */
  async function rpc<T>(method: string, params: unknown[] = [], chain = current): Promise<T> {
    try {
      const result = await rpcRequest<T>(chain.rpcUrl, method, params, fetchFn)
      if (chain === current) setConnected(true)
      return result
    } catch (err) {
      if (isNetworkError(err) && chain === current) setConnected(false)
      throw err
    }
  }

  // --- Consent
  async function approve(method: string, params: unknown, title: string, details: ApprovalRequest['details'] = []) {
    if (settings.rejectAll) throw userRejected()
    if (settings.autoApprove) return
    const request: ApprovalRequest = {
      method,
      params,
      origin,
      title,
      details,
      account: account.address,
      chainName: `${current.name} (${current.chainId})`,
    }
    let approved: boolean
    if (options.onApprovalRequest) approved = await options.onApprovalRequest(request)
    else if (typeof document !== 'undefined') approved = await askInDialog(request)
    else throw userRejected('No approval UI outside a browser: pass autoApprove or onApprovalRequest.')
    if (!approved) throw userRejected()
  }

  function requireAccount(method: string, from?: unknown) {
    if (!isAuthorized()) throw unauthorized(method)
    if (from !== undefined && (typeof from !== 'string' || !isAddress(from) || !isAddressEqual(from, account.address))) {
      throw unauthorized(method)
    }
  }

  // --- State changes (each persists and emits the matching event)
  function authorize() {
    state.authorizedAddress = account.address
    state.permissionDate = Date.now()
    save()
    emitter.emit('accountsChanged', accounts())
  }

  function revoke() {
    const was = isAuthorized()
    delete state.authorizedAddress
    delete state.permissionDate
    save()
    if (was) emitter.emit('accountsChanged', [])
  }

  function switchTo(chain: TestWalletChain) {
    if (chain.chainId === current.chainId) return
    current = chain
    state.chainId = chain.chainId
    save()
    emitter.emit('chainChanged', hexChainId())
    void checkConnection()
  }

  const permissions = () =>
    isAuthorized()
      ? [
          {
            parentCapability: 'eth_accounts',
            invoker: origin,
            date: state.permissionDate,
            caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }],
          },
        ]
      : []

  // Concurrent eth_requestAccounts calls share one prompt.
  let pendingConnect: Promise<Hex[]> | undefined
  function connect(method: string, params: unknown, force: boolean): Promise<Hex[]> {
    if (isAuthorized() && !force) return Promise.resolve(accounts())
    pendingConnect ??= approve(method, params, `Connect to ${origin}`, [{ label: 'Allows', value: 'See your address and ask you to approve transactions' }])
      .then(() => {
        authorize()
        return accounts()
      })
      .finally(() => (pendingConnect = undefined))
    return pendingConnect
  }

  function parseChainId(value: unknown): number {
    if (typeof value !== 'string' || !isHex(value) || value === '0x')
      throw invalidParams(`Invalid chainId "${String(value)}": expected a 0x-prefixed hex string.`)
    return Number(value)
  }

  /** A chain RPC is usable if it answers eth_chainId with the expected id. */
  async function probeRpc(url: string, chainId: number): Promise<boolean> {
    if (!/^https?:\/\//.test(url)) return false
    try {
      return Number(await rpcRequest<Hex>(url, 'eth_chainId', [], fetchFn, ADD_CHAIN_PROBE_TIMEOUT_MS)) === chainId
    } catch {
      return false
    }
  }

  type Handler = (params: unknown[]) => Promise<unknown> | unknown
  const handlers: Record<string, Handler> = {
    eth_requestAccounts: (p) => connect('eth_requestAccounts', p, false),
    eth_accounts: () => accounts(),
    eth_coinbase: () => accounts()[0] ?? null,
    eth_chainId: () => hexChainId(),
    net_version: () => String(current.chainId),
    // EIP-5792, the way a plain EOA wallet does it (walletCalls.ts): one approval, then one transaction per call.
    ...callsHandlers({
      chains: () => [...known.keys()],
      chain: (id) => known.get(id),
      current: () => current,
      account: () => account,
      origin,
      options,
      settings,
      approve,
      requireAccount,
      rpc,
    }),

    wallet_requestPermissions: async (p) => {
      const requested = Object.keys((p[0] ?? {}) as object)
      if (!requested.includes('eth_accounts')) throw invalidParams('Only the "eth_accounts" permission is supported.')
      await connect('wallet_requestPermissions', p, true)
      return permissions()
    },
    wallet_getPermissions: () => permissions(),
    wallet_revokePermissions: () => {
      revoke()
      return null
    },

    wallet_switchEthereumChain: (p) => {
      const chainId = parseChainId((p[0] as { chainId?: unknown } | undefined)?.chainId)
      const chain = known.get(chainId)
      if (!chain) throw unrecognizedChain(numberToHex(chainId))
      switchTo(chain)
      return null
    },

    wallet_addEthereumChain: async (p) => {
      const param = (p[0] ?? {}) as {
        chainId?: unknown
        chainName?: string
        rpcUrls?: unknown
        nativeCurrency?: TestWalletChain['nativeCurrency']
      }
      const chainId = parseChainId(param.chainId)
      const existing = known.get(chainId)
      if (existing) {
        // Already known: like MetaMask, just switch to it.
        switchTo(existing)
        return null
      }
      const rpcUrls = Array.isArray(param.rpcUrls) ? param.rpcUrls.filter((u): u is string => typeof u === 'string') : []
      const configured = chains.find((c) => c.chainId === chainId)
      let rpcUrl: string | undefined
      for (const url of rpcUrls) if (!rpcUrl && (await probeRpc(url, chainId))) rpcUrl = url
      rpcUrl ??= configured?.rpcUrl
      if (!rpcUrl) throw invalidParams(`Could not reach an RPC for chain ${chainId} (tried ${rpcUrls.join(', ') || 'no rpcUrls'}).`)

      const chain: TestWalletChain = {
        chainId,
        name: param.chainName ?? configured?.name ?? `Chain ${chainId}`,
        rpcUrl,
        nativeCurrency: param.nativeCurrency ?? configured?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      }
      await approve('wallet_addEthereumChain', p, `Add network "${chain.name}" and switch to it`, [
        { label: 'Chain ID', value: String(chainId) },
        { label: 'RPC URL', value: rpcUrl },
        { label: 'Currency', value: chain.nativeCurrency.symbol },
      ])
      known.set(chainId, chain)
      state.addedChains = [...(state.addedChains ?? []).filter((c) => c.chainId !== chainId), chain]
      // Adding also switches, as MetaMask does; wagmi checks the chain id right after adding.
      switchTo(chain)
      return null
    },

    personal_sign: async (p) => {
      let [message, from] = p as [unknown, unknown]
      // Some dapps still send the legacy [address, message] order.
      if (typeof message === 'string' && isAddress(message) && !(typeof from === 'string' && isAddress(from))) {
        ;[message, from] = [from, message]
      }
      if (typeof message !== 'string') throw invalidParams('personal_sign expects [message, address].')
      requireAccount('personal_sign', from)
      await approve('personal_sign', p, 'Sign message', [{ label: 'Message', value: truncate(decodeMessage(message)) }])
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    },

    eth_signTypedData_v4: async (p) => {
      const [from, raw] = p as [unknown, unknown]
      requireAccount('eth_signTypedData_v4', from)
      let typed: { domain?: Record<string, unknown>; types: Record<string, unknown>; primaryType: string; message: Record<string, unknown> }
      try {
        typed = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof typed)
      } catch {
        throw invalidParams('eth_signTypedData_v4: typed data is not valid JSON.')
      }
      if (!typed?.types || !typed.primaryType || !typed.message) throw invalidParams('eth_signTypedData_v4: missing types, primaryType or message.')
      const domainChainId = typed.domain?.chainId
      if (domainChainId !== undefined && Number(domainChainId) !== current.chainId) {
        throw invalidParams(`Typed data domain chainId ${domainChainId} does not match the active chain ${current.chainId}.`)
      }
      await approve('eth_signTypedData_v4', p, `Sign typed data: ${typed.primaryType}`, [
        { label: 'Domain', value: truncate(JSON.stringify(typed.domain ?? {}, null, 1), 300) },
        { label: 'Message', value: truncate(JSON.stringify(typed.message, null, 1)) },
      ])
      return account.signTypedData(typed as Parameters<typeof account.signTypedData>[0])
    },

    eth_sendTransaction: async (p) => {
      const tx = (p[0] ?? {}) as TransactionRequest
      requireAccount('eth_sendTransaction', tx.from ?? account.address)
      if (tx.chainId !== undefined && Number(tx.chainId) !== current.chainId) {
        throw invalidParams(`Transaction chainId ${Number(tx.chainId)} does not match the active chain ${current.chainId}.`)
      }
      // Pin the chain: a switch while the prompt is open must not redirect the transaction.
      const chain = current
      const chainRpc = <T>(method: string, params?: unknown[]) => rpc<T>(method, params, chain)
      const prepared = await prepareTransaction(chainRpc, account.address, tx)
      const symbol = chain.nativeCurrency.symbol
      const details = [
        { label: 'To', value: prepared.to ?? '(new contract)' },
        { label: 'Amount', value: `${formatEther(prepared.value)} ${symbol}` },
        { label: 'Gas limit', value: prepared.gas.toString() },
      ]
      // An ERC-20 approve says what it lets the spender take: 'Unlimited' for 2^256−1.
      const approveCall = prepared.to && describeApprove(prepared.data, await tokenUnits({ rpc: chainRpc }, prepared.to))
      if (approveCall) details.splice(1, 0, { label: 'Spender', value: approveCall.spender }, { label: 'Allowance', value: approveCall.allowance })
      const data = shortenData(prepared.data)
      if (data) details.push({ label: 'Data', value: data })
      const title = approveCall
        ? `Approve ${approveCall.spender} to spend ${approveCall.allowance}`
        : `Send ${formatEther(prepared.value)} ${symbol} to ${prepared.to ?? 'a new contract'}`
      await approve('eth_sendTransaction', p, title, details)
      return signAndSend(chainRpc, account, chain.chainId, prepared, tx.nonce)
    },
  }

  async function request(args: RequestArguments): Promise<unknown> {
    if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
      throw invalidParams('request() expects an object { method: string, params?: unknown[] }.')
    }
    const { method } = args
    const params = Array.isArray(args.params) ? args.params : args.params === undefined ? [] : [args.params]
    const handler = handlers[method]
    if (handler) return handler(params)
    if (BLOCKED_METHODS.has(method) || BLOCKED_PREFIXES.some((prefix) => method.startsWith(prefix))) throw unsupported(method)
    return rpc(method, params)
  }

  const provider: TestWalletProvider = {
    isPorticoTestWallet: true,
    request: (args) => request(args),
    on(event, listener) {
      emitter.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      emitter.off(event, listener)
      return provider
    },
    off(event, listener) {
      emitter.off(event, listener)
      return provider
    },
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
    get address() {
      return account.address
    },
    get chainId() {
      return current.chainId
    },
    disconnect: () => revoke(),
    setAccount(privateKey) {
      const wasAuthorized = isAuthorized()
      account = privateKeyToAccount(privateKey)
      if (wasAuthorized) authorize()
    },
  }
  return provider
}
