import { z } from 'zod'

/** Every call to a provider ends within this (the sign-in page waits on it). */
export const PROVIDER_TIMEOUT_MS = 10_000

/** A provider answered something other than what its documentation promises, or refused. */
export class ProviderCallError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProviderCallError'
  }
}

/** GET or POST to a provider with a timeout; the JSON answer checked against its documented shape. */
export async function providerJson<T extends z.ZodType>(
  schema: T,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; form?: URLSearchParams; what: string; timeoutMs?: number },
): Promise<z.output<T>> {
  let response: Response
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', 'user-agent': 'portico-server', ...init.headers },
      body: init.form,
      redirect: 'error',
      signal: AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    })
  } catch (error) {
    throw new ProviderCallError(`${init.what}: ${error instanceof Error ? error.message : 'unreachable'}`)
  }
  const body = await response.text().catch(() => '')
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new ProviderCallError(`${init.what}: HTTP ${response.status}, not JSON`)
  }
  const error = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) }).safeParse(json)
  if (!response.ok || error.success) {
    const reason = error.success ? (typeof error.data.error === 'string' ? error.data.error : error.data.error.message) : 'refused'
    throw new ProviderCallError(`${init.what}: HTTP ${response.status} ${reason.slice(0, 100)}`)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ProviderCallError(`${init.what}: unexpected answer (${parsed.error.issues[0]?.path.join('.') || 'body'})`)
  return parsed.data
}

/** RFC 6749 §5.1: the token endpoint's answer (id_token for OpenID providers). */
export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  id_token: z.string().optional(),
  expires_in: z.union([z.number(), z.string()]).optional(),
  scope: z.string().optional(),
})
export type TokenResponse = z.output<typeof TokenResponse>

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
