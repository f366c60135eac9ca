import type * as v from 'valibot'
import type { Requests, RequestKind } from '@portico/embedded/protocol'
import type { KeyFamilies } from '../keys.js'
import { apiUrl } from './apiUrl.js'
import { createApprovalQueue, type ApprovalQueue } from './approvalQueue.js'
import { createEmit, type Emit } from './emit.js'
import { showAddPasskey, showAddPassword, showUseFactor, type ScreenHost } from './factorScreens.js'
import type { FrameStorage } from './storage.js'
import { FrameWallet } from './wallet.js'
import type { FactorPrompts } from './walletFactors.js'

export interface FrameConfig {
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

/** What a login waits for between two requests of the host (challenge, device approval, social or Farcaster channel). */
export interface PendingLogin {
  email?: string
  challengeId?: string
  approvalId?: string
  socialBinding?: string
  farcaster?: { channelToken: string; binding: string }
}

/** The frame's state for one host page: what every request handler reads and changes. */
export interface FrameSession {
  readonly config: FrameConfig
  readonly root: HTMLElement
  readonly hostOrigin: string
  readonly emit: Emit
  readonly wallet: FrameWallet
  readonly approvals: ApprovalQueue
  readonly pending: PendingLogin
  chainId: number | string
  dappName: string
  /**
   * The eip155 account type the host asked for in GET_USER / CONNECT_SOCIAL (its stored choice,
   * else its default: SPEC §3 'preferred account types', §6 smartAccount) or set with
   * SET_PREFERRED_ACCOUNT; unset, the type the server stored for the user counts.
   */
  accountType?: 'eoa' | 'smartAccount'
  /** The URL the frame reads a chain through: the host's own for its chain, else the server's RPC route. */
  rpcUrlFor(chainId: number | string): string | undefined
}

/** A request kind's handler: the payload as the protocol parsed it, the result the protocol checks before posting. */
export type RequestHandler<K extends RequestKind> = (session: FrameSession, payload: v.InferOutput<(typeof Requests)[K]['payload']>) => Promise<unknown>
export type RequestHandlers<K extends RequestKind = RequestKind> = { [P in K]: RequestHandler<P> }

export function createFrameSession(opts: {
  config: FrameConfig
  root: HTMLElement
  hostOrigin: string
  post(message: unknown): void
  storage: FrameStorage
  /** The chain families whose keys the wallet holds (rpc/index.ts). */
  keyFamilies: KeyFamilies
}): FrameSession {
  const { config, root, hostOrigin, post } = opts
  const emit = createEmit(post)
  // The factor screens (passkey, password) are drawn here; the host shows the frame meanwhile.
  const screens: ScreenHost = {
    root,
    dappName: () => session.dappName,
    hostOrigin,
    shown: (purpose) => emit('FACTOR_SCREEN_NEEDED', { purpose }),
    hidden: () => emit('FACTOR_SCREEN_DONE', {}),
  }
  const prompts: FactorPrompts = {
    use: (purpose, factors, attempt) => showUseFactor(screens, { purpose, factors, attempt }),
    addPasskey: (userName, salt, save) => showAddPasskey(screens, { userName, salt, save }),
    addPassword: (save) => showAddPassword(screens, { save }),
  }
  const wallet = new FrameWallet(opts.storage, { apiUrl: config.apiUrl, projectId: config.projectId }, prompts, opts.keyFamilies)
  const session: FrameSession = {
    config,
    root,
    hostOrigin,
    emit,
    wallet,
    pending: {},
    chainId: /^\d+$/.test(config.chainId) ? Number(config.chainId) : config.chainId,
    dappName: config.projectName,
    approvals: createApprovalQueue({
      root,
      emit,
      screen: () => ({ dappName: session.dappName, hostOrigin, account: wallet.keys!.keys.addresses.eip155 }),
    }),
    rpcUrlFor(id) {
      const caip = String(id).includes(':') ? String(id) : `eip155:${id}`
      if (String(id) === String(config.chainId) && config.rpcUrl) return config.rpcUrl
      return config.rpcChains.includes(caip) ? apiUrl(config, `/v1/rpc/${caip}`) : undefined
    },
  }
  return session
}
