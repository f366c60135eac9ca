import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { AllowedOriginsSchema } from '../api/schemas.js'
import type { Portico } from '../portico.js'
import { originAllowed } from '../spec/origin.js'
import { Time } from '../spec/defaults.js'
import { setAlert } from './setAlert.js'

export type AllowedOriginResult = 'ALLOWED' | 'NOT_ALLOWED' | 'RATE_LIMITED' | 'SERVER_ERROR' | 'SKIPPED'

export type CheckAllowedOriginReturnType = AllowedOriginResult
export type CheckAllowedOriginErrorType = never

/**
 * SPEC §8: the page's origin must be among the project's allowed origins, else APKT002
 * 'Invalid App Configuration'. The allowed-origins fetch maps HTTP 429 to RATE_LIMITED
 * (APKT010) and 500–599 to SERVER_ERROR (APKT009). SPEC §9 'Verification timeout is 5 s': a
 * server that has not answered by then is not waited for (initialize awaits this check).
 */
export async function checkAllowedOrigin(portico: Portico): Promise<AllowedOriginResult> {
  const origin = portico.environment.origin()
  if (!portico.api || !origin) return 'SKIPPED'
  const timeout = new AbortController()
  const timer = portico.clock.setTimeout(() => timeout.abort(), Time.verificationTimeoutMs)
  try {
    const { allowedOrigins } = v.parse(AllowedOriginsSchema, await portico.api.get({ path: 'projects/v1/origins', signal: timeout.signal }))
    if (originAllowed(origin, allowedOrigins)) return 'ALLOWED'
    setAlert(portico, 'APKT002', `origin ${origin} is not allowed for this project`)
    return 'NOT_ALLOWED'
  } catch (error) {
    const status = error instanceof HttpRequestError ? error.status : undefined
    if (status === 429) {
      setAlert(portico, 'APKT010')
      return 'RATE_LIMITED'
    }
    if (status !== undefined && status >= 500 && status <= 599) {
      setAlert(portico, 'APKT009')
      return 'SERVER_ERROR'
    }
    if (status === 403) setAlert(portico, 'APKT007')
    else if (status === 400) setAlert(portico, 'APKT008')
    else if (timeout.signal.aborted) portico.logger.error(`origin verification: no answer in ${Time.verificationTimeoutMs} ms; not waited for`)
    else portico.logger.error('allowed origins fetch failed', error)
    return 'SKIPPED'
  } finally {
    portico.clock.clearTimeout(timer)
  }
}
