import * as v from 'valibot'
import { HttpRequestError, type HttpClient } from '../api/http.js'
import type { CaipNetworkId } from '../spec/caip.js'
import type { Clock, Environment } from '../environment.js'
import { StorageKeys, type PorticoStorage } from '../storage.js'
import type { SIWXAuthRequest, SIWXConfig, SIWXSession, ServerSiwxOptions } from './config.js'
import { formatSiwxMessage, type SIWXMessageData } from '../spec/siwx.js'

const SessionsSchema = v.object({
  sessions: v.array(v.object({ data: v.any(), message: v.string(), signature: v.string(), cacao: v.optional(v.record(v.string(), v.unknown())) })),
})
const NonceSchema = v.object({ nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/)) })
const StoredSchema = v.object({ token: v.string(), expiresAt: v.string() })

interface StoredToken {
  token: string
  expiresAt: number
}
type TokenBook = Record<string, Record<string, StoredToken>>

/** The server's lookup key of an address: EVM in lower case, others as given. */
const addressKey = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address)

/**
 * The session tokens the server returned, per address and chain, in Portico's storage: only the
 * address's own token lists or revokes its sessions. Expired ones are dropped as they are read.
 */
function tokenBook(storage: PorticoStorage, clock: Pick<Clock, 'now'>) {
  const read = () => storage.read<TokenBook>(StorageKeys.siwxTokens, {})
  const write = (book: TokenBook) => storage.write(StorageKeys.siwxTokens, Object.keys(book).length ? book : null)
  return {
    set(address: string, chainId: string, token: StoredToken) {
      const book = read()
      book[addressKey(address)] = { ...book[addressKey(address)], [chainId]: token }
      write(book)
    },
    /** The address's live tokens, this chain's first. */
    candidates(address: string, chainId: string): Array<{ chainId: string; token: string }> {
      const book = read()
      const own = book[addressKey(address)] ?? {}
      const live = Object.entries(own).filter(([, t]) => typeof t?.token === 'string' && t.expiresAt > clock.now())
      if (live.length !== Object.keys(own).length) {
        book[addressKey(address)] = Object.fromEntries(live)
        if (!live.length) delete book[addressKey(address)]
        write(book)
      }
      return live.sort(([a], [b]) => Number(b === chainId) - Number(a === chainId)).map(([id, t]) => ({ chainId: id, token: t.token }))
    },
    remove(address: string, chainId: string) {
      const book = read()
      const own = book[addressKey(address)]
      if (!own?.[chainId]) return
      delete own[chainId]
      if (!Object.keys(own).length) delete book[addressKey(address)]
      write(book)
    },
  }
}

const refused = (error: unknown) => error instanceof HttpRequestError && (error.status === 401 || error.status === 403)
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * SIWX backed by the Portico server's /v1/sessions, which verifies every signature: each
 * message carries a nonce the server issued, and storing it returns the session token that
 * lists and revokes the address's sessions later.
 */
export function createServerSiwx(
  api: HttpClient,
  environment: Environment,
  storage: PorticoStorage,
  clock: Pick<Clock, 'now'>,
  options: ServerSiwxOptions,
): SIWXConfig {
  const tokens = tokenBook(storage, clock)
  /** What every message of this site says: its origin, the statement, the nonce and how long it lasts. */
  const fields = (nonce: string, now: number) => {
    const origin = environment.origin() ?? 'http://localhost'
    return {
      domain: new URL(origin).host,
      uri: origin,
      nonce,
      statement: options.statement ?? 'Please sign with your account',
      expirationTime: new Date(now + (options.expirationMs ?? 86_400_000)).toISOString(),
    }
  }
  return {
    async createMessage({ accountAddress, chainId, resources }) {
      const { nonce } = v.parse(NonceSchema, await api.post({ path: `v1/sessions/${accountAddress}/nonce` }))
      const now = clock.now()
      const data: SIWXMessageData = {
        accountAddress,
        chainId,
        ...fields(nonce, now),
        version: '1',
        issuedAt: new Date(now).toISOString(),
        ...(resources?.length ? { resources } : {}),
      }
      return { data, text: formatSiwxMessage(data) }
    },
    // SPEC §4 one-click auth: the server's nonce for whichever account the wallet signs with.
    async createAuthRequest(): Promise<SIWXAuthRequest> {
      const { nonce } = v.parse(NonceSchema, await api.post({ path: 'v1/sessions/nonce' }))
      return fields(nonce, clock.now())
    },
    async addSession(session: SIWXSession) {
      const stored = v.parse(StoredSchema, await api.post({ path: `v1/sessions/${session.data.accountAddress}`, body: session }))
      tokens.set(session.data.accountAddress, session.data.chainId, { token: stored.token, expiresAt: Date.parse(stored.expiresAt) })
    },
    async revokeSession(chainId: CaipNetworkId, address: string) {
      // Any live token of the address may revoke; without one there is nothing this visitor can prove.
      for (const candidate of tokens.candidates(address, chainId)) {
        try {
          await api.post({ path: `v1/sessions/${address}/revoke`, body: { chainId }, headers: bearer(candidate.token) })
          tokens.remove(address, chainId)
          return
        } catch (error) {
          if (!refused(error)) throw error
          tokens.remove(address, candidate.chainId)
        }
      }
    },
    async setSessions(sessions: SIWXSession[]) {
      for (const session of sessions) await this.addSession(session)
    },
    async getSessions(chainId: CaipNetworkId, address: string) {
      for (const candidate of tokens.candidates(address, chainId)) {
        try {
          const json = await api.get({ path: `v1/sessions/${address}`, query: { chainId }, headers: bearer(candidate.token) })
          return v.parse(SessionsSchema, json).sessions as SIWXSession[]
        } catch (error) {
          // A token whose session was revoked or expired is dead: forget it and try the next.
          if (!refused(error)) throw error
          tokens.remove(address, candidate.chainId)
        }
      }
      return []
    },
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
