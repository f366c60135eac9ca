/**
 * The languages Portico's modal speaks (issue 19 'Languages'). English is built in; every other
 * catalogue is its own chunk, fetched only when a host picks that locale (`locale` option).
 * A locale outside this list is refused by createPortico with InvalidOptionsError naming it
 * (SPEC §3: an option either works or is refused, never silently ignored).
 */
export const Locales = ['en', 'es', 'zh-CN', 'ja', 'ko', 'fr', 'de', 'pt', 'ar'] as const
export type Locale = (typeof Locales)[number]

/** Scripts written right to left: the modal gets dir="rtl". */
const RTL: readonly Locale[] = ['ar']

export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return RTL.includes(locale) ? 'rtl' : 'ltr'
}
