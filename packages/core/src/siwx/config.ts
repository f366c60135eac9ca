import type { CaipNetworkId } from '../spec/caip.js'
import type { SIWXMessageData } from '../spec/siwx.js'
import { SiwxText } from '../spec/siwxText.js'

export { SiwxText }

/** A stored sign-in: the message data, its text and the signature (SPEC §3). */
export interface SIWXSession {
  data: SIWXMessageData
  message: string
  signature: string
  cacao?: Record<string, unknown>
}

/**
 * SPEC §4 one-click auth: a sign-in request sent before the wallet picks the account (WalletConnect
 * connects and signs it in one approval). The wallet adds the account, chain and issuedAt.
 */
export interface SIWXAuthRequest {
  domain: string
  uri: string
  nonce: string
  /** Required here: WalletConnect's message layout differs from EIP-4361's without one. */
  statement: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/**
 * How sign-in works, pluggable by the host (nonce, message, verification, sign-out). Portico's
 * server is the default: `siwx: serverSiwx({ required })`.
 */
export interface SIWXConfig {
  /** `resources` are extra URIs for the message (DataCapture's email arrives as `mailto:`). */
  createMessage(input: { accountAddress: string; chainId: CaipNetworkId; resources?: string[] }): Promise<{ data: SIWXMessageData; text: string }>
  addSession(session: SIWXSession): Promise<void>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: SIWXSession[]): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SIWXSession[]>
  /**
   * SPEC §4 one-click auth: the request of a sign-in whose account the wallet picks. Without it a
   * WalletConnect wallet connects, then signs the message createMessage makes.
   */
  createAuthRequest?(input: { chainIds: CaipNetworkId[] }): Promise<SIWXAuthRequest>
  /** Sign-in required: the modal cannot be closed unsigned, and cancelling disconnects. */
  getRequired?(): boolean
  /** SPEC §9: sign out on disconnect is true unless set false. */
  signOutOnDisconnect?: boolean
}

/** The default: sessions verified and stored by the Portico server (options.apiUrl). */
export interface ServerSiwxOptions {
  required?: boolean
  statement?: string
  /** How long a session lasts. Default 1 day. */
  expirationMs?: number
  signOutOnDisconnect?: boolean
}
export interface ServerSiwxMarker extends ServerSiwxOptions {
  kind: 'portico-server'
}
export function serverSiwx(options: ServerSiwxOptions = {}): ServerSiwxMarker {
  return { kind: 'portico-server', ...options }
}
