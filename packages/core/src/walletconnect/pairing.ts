import { Time } from '../spec/defaults.js'

/** SPEC §4: a pairing expires 4 minutes after its URI is set. */
export function pairingExpiryFrom(now: number): number {
  return now + Time.pairingLifetimeMs
}

/** SPEC §4: a pairing counts as expired when 10 seconds or less remain. */
export function isPairingExpired(expiry: number | undefined, now: number): boolean {
  return expiry === undefined || expiry - now <= Time.pairingExpiryMarginMs
}

export type PairingCache = 'always' | 'auto' | 'never'

/**
 * SPEC §4: a pairing in progress is reused while unexpired when the cache is 'always', or
 * 'auto' on Telegram or iOS Safari (where leaving for the wallet app reloads the page).
 */
export function shouldReusePairing(p: {
  cache: PairingCache
  uri: string | undefined
  expiry: number | undefined
  now: number
  isTelegram: boolean
  isIosSafari: boolean
}): boolean {
  if (!p.uri || isPairingExpired(p.expiry, p.now)) return false
  if (p.cache === 'always') return true
  return p.cache === 'auto' && (p.isTelegram || p.isIosSafari)
}
