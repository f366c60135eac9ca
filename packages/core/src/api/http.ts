import { PorticoError } from '../errors/base.js'

export type QueryValue = string | number | boolean | undefined
export interface RequestParameters {
  path: string
  query?: Record<string, QueryValue>
  body?: unknown
  signal?: AbortSignal
  /** Extra request headers (a sign-in session token's Authorization). */
  headers?: Record<string, string>
}

/** A non-OK HTTP answer; the status is in the message (SPEC §7 'Generic HTTP helper'). */
export class HttpRequestError extends PorticoError {
  override name = 'HttpRequestError'
  readonly status: number
  readonly body: unknown
  constructor(status: number, path: string, body: unknown) {
    super(
      { key: 'error.httpStatus', params: { 0: status }, text: `HTTP status code ${status}` },
      { category: 'API_ERROR', details: `${path}: ${firstReason(body) ?? status}` },
    )
    this.status = status
    this.body = body
  }
  /** SPEC §8 'Names': the server's first reason description, when it gave one. */
  get reason(): string | undefined {
    return firstReason(this.body)
  }
}

function firstReason(body: unknown): string | undefined {
  const reasons = (body as { reasons?: Array<{ description?: unknown }> } | undefined)?.reasons
  const first = Array.isArray(reasons) ? reasons[0]?.description : undefined
  if (typeof first === 'string') return first
  const error = (body as { error?: unknown } | undefined)?.error
  return typeof error === 'string' ? error : undefined
}

export interface HttpClientOptions {
  baseUrl: string
  fetch: typeof fetch
  /** Added to every call (SPEC §7: projectId, st, sv; clientId when set). */
  defaultQuery: () => Record<string, QueryValue>
}

/** SPEC §7 'Generic HTTP helper': GET, POST, PUT and DELETE with JSON bodies and query params. */
export function createHttpClient({ baseUrl, fetch, defaultQuery }: HttpClientOptions) {
  async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', { path, query, body, signal, headers }: RequestParameters) {
    const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
    for (const [key, value] of Object.entries({ ...defaultQuery(), ...query }))
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value))
    const response = await fetch(url, {
      method,
      signal,
      headers: body === undefined && !headers ? undefined : { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    if (!response.ok) throw new HttpRequestError(response.status, path, json)
    return json as T
  }
  return {
    get: <T = unknown>(p: RequestParameters) => request<T>('GET', p),
    post: <T = unknown>(p: RequestParameters) => request<T>('POST', p),
    put: <T = unknown>(p: RequestParameters) => request<T>('PUT', p),
    delete: <T = unknown>(p: RequestParameters) => request<T>('DELETE', p),
  }
}
export type HttpClient = ReturnType<typeof createHttpClient>
