import { randomBytes } from 'node:crypto'

/**
 * What a mail or page says about a request that touches a wallet: the site that asked, the
 * device and browser (from the User-Agent), the place (the IP; there is no offline geolocation
 * database here, so the place is honestly reported as unavailable) and the time.
 */
export interface RequestDetails {
  site: string
  device: string
  browser: string
  place: string
  time: string
}

export function browserOf(ua: string): string {
  const pick = (re: RegExp) => re.exec(ua)?.[1]
  const headless = /HeadlessChrome/.test(ua)
  const edge = pick(/Edg(?:e|A|iOS)?\/(\d+)/)
  if (edge) return `Edge ${edge}`
  const opera = pick(/OPR\/(\d+)/)
  if (opera) return `Opera ${opera}`
  const firefox = pick(/(?:Firefox|FxiOS)\/(\d+)/)
  if (firefox) return `Firefox ${firefox}`
  const chrome = pick(/(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/)
  if (chrome) return `Chrome ${chrome}${headless ? ' (headless)' : ''}`
  const safari = /Safari\//.test(ua) ? pick(/Version\/(\d+)/) : undefined
  if (safari) return `Safari ${safari}`
  if (/^(curl|Wget|node|undici|python|Go-http|okhttp|axios)/i.test(ua)) return `not a browser (${ua.split(/[ /]/)[0]})`
  return ua ? 'unknown browser' : 'no browser named'
}

export function deviceOf(ua: string): string {
  if (/iPad/.test(ua)) return 'iPad'
  if (/iPhone/.test(ua)) return 'iPhone'
  if (/Android/.test(ua)) return /Mobile/.test(ua) ? 'Android phone' : 'Android tablet'
  if (/CrOS/.test(ua)) return 'ChromeOS computer'
  if (/Windows/.test(ua)) return 'Windows computer'
  if (/Macintosh|Mac OS X/.test(ua)) return 'Mac'
  if (/Linux/.test(ua)) return 'Linux computer'
  return 'unknown device'
}

export function describeRequest(opts: {
  hostOrigin?: string | null
  projectName?: string
  userAgent?: string | null
  ip?: string | null
  at: number
}): RequestDetails {
  const ua = (opts.userAgent ?? '').slice(0, 400)
  const site = opts.hostOrigin ? `${opts.hostOrigin}${opts.projectName ? ` (${opts.projectName})` : ''}` : 'a site that did not say'
  return {
    site,
    device: deviceOf(ua),
    browser: browserOf(ua),
    place: `IP ${opts.ip || 'unknown'} — approximate place unavailable`,
    time: `${new Date(opts.at).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  }
}

/** The lines a mail shows. */
export function detailLines(d: RequestDetails): string {
  return [`Site:    ${d.site}`, `Device:  ${d.device}`, `Browser: ${d.browser}`, `Place:   ${d.place}`, `Time:    ${d.time}`].join('\n')
}

/** Alphabet without look-alikes (no 0/O, 1/I/L). */
const MATCH_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A short code shown both by the requesting modal and by the approval mail and page: 'K7F-3QX'. */
export function newMatchCode(): string {
  let out = ''
  for (const byte of randomBytes(12)) if (byte < 248 && out.length < 6) out += MATCH_ALPHABET[byte % MATCH_ALPHABET.length]
  while (out.length < 6) out += MATCH_ALPHABET[randomBytes(1)[0]! % MATCH_ALPHABET.length]
  return `${out.slice(0, 3)}-${out.slice(3)}`
}
