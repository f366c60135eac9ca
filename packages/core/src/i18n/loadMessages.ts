import type { Locale } from './locales.js'
import type { Messages } from './messages/en.js'

export type LoadMessagesParameters = { locale: Locale }
/** undefined for English: its catalogue is built in (import `en`), nothing to fetch. Partial: a key a
 * locale lacks shows in English (and fails messages.test.ts). */
export type LoadMessagesReturnType = Promise<Partial<Messages> | undefined>
export type LoadMessagesErrorType = Error

/**
 * The chosen locale's message catalogue, fetched on demand: one chunk per locale, so a page
 * fetches only its own language (a bundler splits each dynamic import below into a chunk).
 */
export function loadMessages({ locale }: LoadMessagesParameters): LoadMessagesReturnType {
  switch (locale) {
    case 'en':
      return Promise.resolve(undefined)
    case 'es':
      return import('./messages/es.js').then((m) => m.es)
    case 'zh-CN':
      return import('./messages/zh-CN.js').then((m) => m.zhCN)
    case 'ja':
      return import('./messages/ja.js').then((m) => m.ja)
    case 'ko':
      return import('./messages/ko.js').then((m) => m.ko)
    case 'fr':
      return import('./messages/fr.js').then((m) => m.fr)
    case 'de':
      return import('./messages/de.js').then((m) => m.de)
    case 'pt':
      return import('./messages/pt.js').then((m) => m.pt)
    case 'ar':
      return import('./messages/ar.js').then((m) => m.ar)
  }
}
