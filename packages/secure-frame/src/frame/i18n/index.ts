import { Locales, localeDirection, type Locale } from '@portico/core/i18n'
import { en, type FrameMessageKey, type FrameMessages } from './en.js'
import { loadFrameMessages } from './load.js'

/**
 * The frame's language: one per frame document, set by the host's SYNC_LOCALE (a locale code
 * only, checked against Locales; the words are the frame's own). Until a catalogue has loaded,
 * and for any key it lacks, English.
 */
let current: { locale: Locale; messages: Partial<FrameMessages> } = { locale: 'en', messages: en }
let loading: Promise<void> = Promise.resolve()

export type FrameParams = Record<string, string | number | bigint>

/** The frame's text for `key` in its locale, `{name}` parameters filled in. */
export function t(key: FrameMessageKey, params?: FrameParams): string {
  const template = current.messages[key] ?? en[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
}

export const frameLocale = (): Locale => current.locale

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (Locales as readonly string[]).includes(value)

/**
 * Switches the frame to `locale`: its catalogue is fetched (its own chunk), then the document gets
 * lang and dir (rtl for Arabic). An unknown locale is refused (the frame stays in its language).
 */
export function setFrameLocale(locale: unknown): Promise<void> {
  if (!isLocale(locale)) return Promise.reject(new Error(`locale must be one of ${Locales.join(', ')}`))
  loading = loadFrameMessages(locale).then((messages) => {
    current = { locale, messages: messages ?? en }
    if (typeof document !== 'undefined') {
      document.documentElement.lang = locale
      document.documentElement.dir = localeDirection(locale)
    }
  })
  return loading
}

/** Resolves once the locale last asked for is in place (screens built after it speak it). */
export const frameLocaleReady = () => loading.catch(() => undefined)

const digitCache = new Map<string, { group: Intl.NumberFormat; decimal: string; digits: string[] }>()

function numbers(locale: Locale) {
  let cached = digitCache.get(locale)
  if (!cached) {
    const group = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    const plain = new Intl.NumberFormat(locale, { useGrouping: false })
    const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
    cached = { group, decimal, digits: Array.from({ length: 10 }, (_, d) => plain.format(d)) }
    digitCache.set(locale, cached)
  }
  return cached
}

/**
 * An exact decimal ('1234.5', '-0.000001', a bigint) in the frame's locale: grouped whole part,
 * the locale's decimal sign and digits. Never rounded: every digit signed for is shown.
 */
export function formatDecimal(value: string | bigint): string {
  const text = String(value)
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) return text
  const { group, decimal, digits } = numbers(current.locale)
  const whole = group.format(BigInt(`${match[1]}${match[2]}`))
  const fraction = match[3] ? decimal + [...match[3]].map((d) => digits[Number(d)]).join('') : ''
  // -0.5: BigInt(-0) loses the sign.
  return match[1] && match[2] === '0' && fraction ? `-${whole}${fraction}` : `${whole}${fraction}`
}

/**
 * A wait from now in the frame's locale ('in 5 minutes', 'dans 2 heures', '30 秒後'): seconds under
 * a minute, minutes (rounded up) under an hour and a half, else hours.
 */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    s < 60 ? [s, 'second'] : s < 90 * 60 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour']
  return new Intl.RelativeTimeFormat(current.locale, { numeric: 'always' }).format(value, unit)
}
