import { createProof, type DeviceKeys } from '../custody.js'
import { apiUrl } from './apiUrl.js'

/**
 * The auth server, as the frame calls it: every request carries a DPoP proof by the device key
 * (CUSTODY.md); session requests send `Authorization: DPoP <token>`, a token bound to that key.
 * One refresh (with a proof by the same key) and retry on 401.
 */
export interface Tokens {
  accessToken: string
  refreshToken: string
  expiresIn: number
}

/** A refusal by the auth server: its text, status, and, when it has them, its code and how long to wait (429). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly retryAfterSec?: number,
  ) {
    super(message)
  }
}

export interface Api {
  call<T>(path: string, init?: { method?: 'GET' | 'POST'; body?: unknown; auth?: boolean }): Promise<T>
  setTokens(tokens: Tokens | undefined): void
  readonly refreshToken: string | undefined
  /**
   * A fetch that carries this session to another of the server's routes (the bundler and paymaster
   * proxies, which sponsor only a signed-in user's own account): the token and a DPoP proof over the
   * method, URL and body; one refresh and retry on 401. For viem's http transport (fetchFn).
   */
  sessionFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>
}

export function createApi(opts: { apiUrl: string; projectId: string; device: DeviceKeys; onTokens(tokens: Tokens | undefined): void }): Api {
  let tokens: Tokens | undefined
  let refreshing: Promise<boolean> | undefined
  const url = (path: string) => apiUrl(opts, path)

  async function raw<T>(path: string, method: string, body: unknown, bearer?: string): Promise<T> {
    const text = body !== undefined ? JSON.stringify(body) : undefined
    const proof = await createProof(opts.device, { method, url: url(path), accessToken: bearer, body: text })
    const response = await fetch(url(path), {
      method,
      headers: { ...(text !== undefined ? { 'content-type': 'application/json' } : {}), ...(bearer ? { authorization: `DPoP ${bearer}` } : {}), dpop: proof },
      body: text,
      credentials: 'omit',
      cache: 'no-store',
    })
    const json = (await response.json().catch(() => ({}))) as { error?: string; reasons?: { description: string }[]; code?: unknown; retryAfterSec?: unknown }
    if (!response.ok) {
      const retryAfter = typeof json.retryAfterSec === 'number' ? json.retryAfterSec : Number(response.headers.get('retry-after')) || undefined
      throw new ApiError(
        json.reasons?.[0]?.description ?? json.error ?? `HTTP ${response.status}`,
        response.status,
        typeof json.code === 'string' ? json.code : undefined,
        retryAfter,
      )
    }
    return json as T
  }

  async function refresh(): Promise<boolean> {
    if (!tokens?.refreshToken) return false
    refreshing ??= raw<Tokens>('/auth/session/refresh', 'POST', { refreshToken: tokens.refreshToken })
      .then((next) => {
        tokens = next
        opts.onTokens(next)
        return true
      })
      .catch((error) => {
        if (error instanceof ApiError && error.status === 401) {
          tokens = undefined
          opts.onTokens(undefined)
        }
        return false
      })
      .finally(() => (refreshing = undefined))
    return refreshing
  }

  async function withSession(url: string, init: RequestInit): Promise<Response> {
    const method = init.method ?? 'GET'
    const body = typeof init.body === 'string' ? init.body : undefined
    const headers = new Headers(init.headers)
    const accessToken = tokens!.accessToken
    headers.set('authorization', `DPoP ${accessToken}`)
    headers.set('dpop', await createProof(opts.device, { method, url, accessToken, body }))
    return fetch(url, { ...init, headers, credentials: 'omit', cache: 'no-store' })
  }

  return {
    get refreshToken() {
      return tokens?.refreshToken
    },
    async sessionFetch(input, init = {}) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (!tokens?.accessToken && !(await refresh())) throw new ApiError('Not signed in', 401)
      const response = await withSession(url, init)
      if (response.status !== 401 || !(await refresh())) return response
      return withSession(url, init)
    },
    setTokens(next) {
      tokens = next
    },
    async call<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; auth?: boolean } = {}) {
      const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
      if (!init.auth) return raw<T>(path, method, init.body)
      if (!tokens?.accessToken && !(await refresh())) throw new ApiError('Not signed in', 401)
      try {
        return await raw<T>(path, method, init.body, tokens!.accessToken)
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401 || !(await refresh())) throw error
        return raw<T>(path, method, init.body, tokens!.accessToken)
      }
    },
  }
}
