import * as v from 'valibot'
import { originAllowed, ProviderErrorCode } from '@portico/core/spec'
import { FRAME_PREFIX, FrameEvents, Requests, parseAppMessage, type FrameEventKind, type RequestKind } from '@portico/embedded/protocol'
import { showApproval, type ApprovalContent } from './approval.js'
import { ApiError, type Tokens } from './api.js'
import { ABORTED, RpcError, handleRpc } from './rpc.js'
import { cancelFactorScreen, showAddPasskey, showAddPassword, showUseFactor, type ScreenHost } from './factorScreens.js'
import { openStorage } from './storage.js'
import { FrameWallet, type FactorPrompts } from './wallet.js'

interface FrameConfig {
  projectId: string
  projectName: string
  chainId: string
  version: string
  enableLogger: boolean
  enableCloudAuthAccount: boolean
  /** The host's own RPC URL for chainId (SPEC §7 frame query param). */
  rpcUrl: string
  /** CAIP-2 chains the server reads for the frame (POST /v1/rpc/{caip2}); never their upstream URLs. */
  rpcChains: string[]
  apiUrl: string
  secureOrigin: string
  allowedOrigins: string[]
}

const config = JSON.parse(document.body.dataset.config ?? '{}') as FrameConfig
const root = document.getElementById('portico-frame')!
const log = (...args: unknown[]) => config.enableLogger && console.info('[portico-frame]', ...args)

/** The host page's origin: the frame's parent, which must be one of the project's allowed origins. */
function parentOrigin(): string | undefined {
  if (window.parent === window) return undefined
  const ancestor = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0]
  let origin = ancestor
  if (!origin && document.referrer) origin = new URL(document.referrer).origin
  return origin && originAllowed(origin, config.allowedOrigins) ? origin : undefined
}

function notice(text: string) {
  const p = document.createElement('p')
  p.className = 'notice'
  p.textContent = text
  root.replaceChildren(p)
  document.body.classList.add('showing')
}

async function boot() {
  const hostOrigin = parentOrigin()
  if (!hostOrigin) {
    console.error('[portico-frame] not embedded by an allowed origin; not listening')
    notice('This page works only inside a site allowed by its Portico project.')
    return
  }
  const host = window.parent
  const post = (message: unknown) => host.postMessage(message, hostOrigin) // pinned origin, never '*'
  const emit = (kind: FrameEventKind, payload: v.InferInput<(typeof FrameEvents)[FrameEventKind]>) => post({ type: `${FRAME_PREFIX}${kind}`, payload })

  const storage = await openStorage()
  let dappName = config.projectName
  // The factor screens (passkey, password) are drawn here; the host shows the frame meanwhile.
  const screens: ScreenHost = {
    root,
    dappName: () => dappName,
    hostOrigin,
    shown: (purpose) => emit('FACTOR_SCREEN_NEEDED', { purpose }),
    hidden: () => emit('FACTOR_SCREEN_DONE', {}),
  }
  const prompts: FactorPrompts = {
    use: (purpose, factors, attempt) => showUseFactor(screens, { purpose, factors, attempt }),
    addPasskey: (userName, salt, save) => showAddPasskey(screens, { userName, salt, save }),
    addPassword: (save) => showAddPassword(screens, { save }),
  }
  const wallet = new FrameWallet(storage, { apiUrl: config.apiUrl, projectId: config.projectId }, prompts)
  let chainId: string | number = /^\d+$/.test(config.chainId) ? Number(config.chainId) : config.chainId
  const pending: { email?: string; challengeId?: string; approvalId?: string; socialBinding?: string; farcaster?: { channelToken: string; binding: string } } = {}

  const rpcUrlFor = (id: number | string) => {
    const caip = String(id).includes(':') ? String(id) : `eip155:${id}`
    if (String(id) === String(config.chainId) && config.rpcUrl) return config.rpcUrl
    return config.rpcChains.includes(caip) ? `${config.apiUrl}/v1/rpc/${caip}?projectId=${encodeURIComponent(config.projectId)}` : undefined
  }

  // Unsafe requests wait here, one screen at a time; RPC_ABORT rejects them all.
  const approvals: Array<{ run(): void; abort(): void }> = []
  let current: { cancel(): void; aborted: boolean } | undefined
  const approve = (request: ApprovalContent, method: string) =>
    new Promise<boolean>((resolve, reject) => {
      const entry = {
        run() {
          emit('RPC_APPROVAL_NEEDED', { method })
          const screen = showApproval(root, { ...request, dappName, hostOrigin, account: wallet.keys!.keys.addresses.eip155 })
          const state = { cancel: screen.cancel, aborted: false }
          current = state
          screen.decision.then((approved) => {
            current = undefined
            emit('RPC_APPROVAL_DONE', { approved: state.aborted ? false : approved })
            if (state.aborted) reject(new RpcError(ABORTED, ProviderErrorCode.userRejectedRequest))
            else resolve(approved)
            approvals.shift()
            approvals[0]?.run()
          })
        },
        abort() {
          reject(new RpcError(ABORTED, ProviderErrorCode.userRejectedRequest))
        },
      }
      approvals.push(entry)
      if (approvals.length === 1) entry.run()
    })
  const abortAll = () => {
    const queued = approvals.splice(1)
    for (const entry of queued) entry.abort()
    if (current) {
      current.aborted = true
      current.cancel()
    }
  }

  const user = () => {
    const keys = wallet.keys
    if (!keys || !wallet.user) throw new ApiError('Not signed in', 401)
    const address = String(chainId).startsWith('solana') ? keys.keys.addresses.solana : keys.keys.addresses.eip155
    return {
      email: wallet.user.email,
      address,
      chainId,
      accounts: [{ address: keys.keys.addresses.eip155, type: 'eoa' as const }],
      addresses: { ...keys.keys.addresses },
      userName: wallet.user.userName,
      preferredAccountType: wallet.user.preferredAccountType,
    }
  }
  const signedIn = async (tokens: Tokens) => {
    await wallet.signedIn(tokens)
    return user()
  }
  /** What the host may know of the factors: kind and dates, no credential ids or salts. */
  const factorsResult = (r: Awaited<ReturnType<FrameWallet['factors']>>) => ({
    protected: r.protected,
    factors: r.factors.map((f) => ({ id: f.id, kind: f.kind, createdAt: f.createdAt, lastUsedAt: f.lastUsedAt })),
  })
  const poll = async <T>(fn: () => Promise<T | undefined>, ms = 115_000): Promise<T> => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      const result = await fn()
      if (result !== undefined) return result
      await new Promise((r) => setTimeout(r, 1000))
    }
    throw new Error('Timed out')
  }

  const handlers: { [K in RequestKind]: (payload: any) => Promise<unknown> } = {
    async SWITCH_NETWORK({ chainId: next }) {
      chainId = next
      return { chainId }
    },
    async CONNECT_EMAIL({ email }) {
      if (wallet.connected && wallet.user?.email === email.toLowerCase()) return { action: 'CONNECT' }
      // The same answer whether or not the email has a wallet; a new device of a known wallet
      // learns it needs approval after the code (CONNECT_OTP).
      const result = await wallet.api.call<{ action: 'VERIFY_OTP'; challengeId: string }>('/auth/email/start', { body: { email, hostOrigin } })
      Object.assign(pending, { email, challengeId: result.challengeId, approvalId: undefined })
      return { action: result.action }
    },
    async CONNECT_OTP({ otp }) {
      if (!pending.challengeId) throw new Error('Request a code first')
      const result = await wallet.api.call<Tokens | { action: 'VERIFY_DEVICE'; approvalId: string; matchCode: string }>('/auth/email/verify', {
        body: { challengeId: pending.challengeId, otp, hostOrigin },
      })
      pending.challengeId = undefined
      if ('action' in result) {
        pending.approvalId = result.approvalId
        return { action: 'VERIFY_DEVICE', matchCode: result.matchCode }
      }
      await wallet.signedIn(result)
      return { action: 'CONNECT' }
    },
    async CONNECT_DEVICE() {
      if (!pending.approvalId) throw new Error('No device approval is pending')
      const approvalId = pending.approvalId
      const tokens = await poll(async () => {
        const status = await wallet.api.call<{ approved: boolean } & Partial<Tokens>>('/auth/device/status', { body: { approvalId } })
        return status.approved ? (status as Tokens) : undefined
      })
      pending.approvalId = undefined
      await wallet.signedIn({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn })
      return {}
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      const result = await wallet.api.call<{ uri: string; binding: string }>('/auth/social/start', { body: { provider, hostOrigin } })
      pending.socialBinding = result.binding
      return { uri: result.uri }
    },
    async CONNECT_SOCIAL() {
      // The server redeemed the provider's answer at its callback; this frame fetches the result
      // with its binding and a proof by its device key (the host never saw code or state).
      if (!pending.socialBinding) throw new Error('Failed to connect')
      const tokens = await wallet.api.call<Tokens>('/auth/social/complete', { body: { binding: pending.socialBinding } })
      pending.socialBinding = undefined
      return signedIn(tokens)
    },
    async GET_FARCASTER_URI() {
      const result = await wallet.api.call<{ url: string; channelToken: string; binding: string }>('/auth/farcaster/start', { body: {} })
      pending.farcaster = { channelToken: result.channelToken, binding: result.binding }
      return { url: result.url }
    },
    async CONNECT_FARCASTER() {
      const channel = pending.farcaster
      if (!channel) throw new Error('Failed to connect to farcaster')
      const tokens = await poll(async () => {
        const status = await wallet.api.call<{ state: string } & Partial<Tokens>>('/auth/farcaster/status', { body: { ...channel, hostOrigin } })
        return status.state === 'completed' ? (status as Tokens) : undefined
      })
      pending.farcaster = undefined
      return signedIn({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn })
    },
    async GET_USER({ chainId: next }) {
      if (next !== undefined) chainId = next
      return user()
    },
    async SIGN_OUT() {
      abortAll()
      cancelFactorScreen()
      await wallet.signOut()
      return {}
    },
    async IS_CONNECTED() {
      return { isConnected: wallet.connected }
    },
    async GET_CHAIN_ID() {
      return { chainId }
    },
    async RPC_REQUEST(payload) {
      return handleRpc({ chainId, rpcUrlFor, keys: () => wallet.keys, approve }, payload)
    },
    async UPDATE_EMAIL({ email }) {
      // A protected wallet: the passkey or password first (fresh proof; then only the new address gets a code).
      if (wallet.user?.protected) await wallet.verifyFactor()
      return wallet.api.call('/auth/email/update', { body: { email }, auth: true })
    },
    async GET_FACTORS() {
      return factorsResult(await wallet.factors())
    },
    async ADD_FACTOR({ kind }) {
      if (!wallet.connected) throw new ApiError('Not signed in', 401)
      return factorsResult(await wallet.addFactor(kind))
    },
    async REMOVE_FACTOR({ id }) {
      if (!wallet.connected) throw new ApiError('Not signed in', 401)
      return factorsResult(await wallet.removeFactor(id))
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await wallet.api.call('/auth/email/update/primary', { body: { otp }, auth: true })
      return {}
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const result = await wallet.api.call<{ newEmail: string }>('/auth/email/update/secondary', { body: { otp }, auth: true })
      if (wallet.user) wallet.user.email = result.newEmail
      return result
    },
    async SYNC_THEME({ themeMode }) {
      document.documentElement.dataset.theme = themeMode
      return {}
    },
    async SYNC_DAPP_DATA({ metadata }) {
      if (metadata?.name) dappName = metadata.name.slice(0, 80)
      return {}
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: [] }
    },
    async INIT_SMART_ACCOUNT() {
      // Smart-account deployment is not built yet: the EOA answers (README).
      return { address: user().accounts[0]!.address, isDeployed: false }
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      const address = user().accounts[0]!.address
      await wallet.api.call('/auth/account-type', { body: { type }, auth: true })
      if (wallet.user) wallet.user.preferredAccountType = type
      return { type, address }
    },
    async RELOAD() {
      if (!(await wallet.restore())) emit('NOT_CONNECTED', {})
      return {}
    },
    async RPC_ABORT() {
      abortAll()
      cancelFactorScreen()
      return {}
    },
  }

  // The stored session (if any) is restored while the frame already listens.
  const restored: Promise<boolean> = wallet.restore().catch(() => false)

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== host || event.origin !== hostOrigin) {
      console.warn('[portico-frame] ignored a message that is not from the host page', event.origin)
      return
    }
    const parsed = parseAppMessage(event.data)
    if ('error' in parsed) {
      console.warn('[portico-frame] ignored an invalid message:', parsed.error)
      return
    }
    const { kind, id, payload } = parsed
    log('request', kind)
    // Requests wait for the stored session to be restored (kinds that only set state need not).
    const run = kind === 'SYNC_THEME' || kind === 'SYNC_DAPP_DATA' || kind === 'RPC_ABORT' ? handlers[kind](payload) : restored.then(() => handlers[kind](payload))
    run.then(
      (result) => {
        const checked = v.safeParse(Requests[kind].result, result)
        if (!checked.success) {
          console.error('[portico-frame] result does not match the protocol', kind, checked.issues[0]?.message)
          post({ type: `${FRAME_PREFIX}${kind}_ERROR`, id, payload: { message: 'Something went wrong' } })
          return
        }
        post({ type: `${FRAME_PREFIX}${kind}_SUCCESS`, id, payload: checked.output })
      },
      async (error: unknown) => {
        const message = error instanceof Error ? error.message : 'Something went wrong'
        const code = error instanceof RpcError ? error.code : undefined
        log('error', kind, message)
        post({ type: `${FRAME_PREFIX}${kind}_ERROR`, id, payload: { message: message.slice(0, 2000), ...(code !== undefined ? { code } : {}) } })
        if (error instanceof ApiError && error.status === 401 && kind !== 'CONNECT_OTP') {
          await wallet.forget()
          emit('NOT_CONNECTED', {})
        }
      },
    )
  })

  emit('READY', {})
  if (!(await restored)) emit('NOT_CONNECTED', {})
}

boot().catch((error) => console.error('[portico-frame] failed to start', error))
