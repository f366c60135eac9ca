import type { Locale } from '@portico/core/i18n'
import type { FrameMessages } from './en.js'

/**
 * A locale's frame catalogue, fetched from the frame's own origin on demand: each dynamic import
 * below is a chunk of its own (build.ts splits them), so the frame's first load holds English only.
 * undefined for English (built in).
 */
export function loadFrameMessages(locale: Locale): Promise<FrameMessages | undefined> {
  switch (locale) {
    case 'en':
      return Promise.resolve(undefined)
    case 'es':
      return import('./es.js').then((m) => m.es)
    case 'zh-CN':
      return import('./zh-CN.js').then((m) => m.zhCN)
    case 'ja':
      return import('./ja.js').then((m) => m.ja)
    case 'ko':
      return import('./ko.js').then((m) => m.ko)
    case 'fr':
      return import('./fr.js').then((m) => m.fr)
    case 'de':
      return import('./de.js').then((m) => m.de)
    case 'pt':
      return import('./pt.js').then((m) => m.pt)
    case 'ar':
      return import('./ar.js').then((m) => m.ar)
  }
}
