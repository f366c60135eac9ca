import { enFirstLoad, formatAmount, translate, type Locale, type MessageKey, type MessageParams, type Messages } from '@portico/core/i18n'
import { createContext, useContext } from 'react'

/**
 * The modal's language (issue 19): the host's `locale` option, its catalogue once fetched
 * (undefined for English, built in), and the English texts a missing message falls back to:
 * on the host page only the button's (the first load stays small), inside the modal all of them.
 */
export interface I18nValue {
  locale: Locale
  dir: 'ltr' | 'rtl'
  messages: Partial<Messages> | undefined
  fallback: Partial<Messages>
}

export const I18nContext = createContext<I18nValue>({ locale: 'en', dir: 'ltr', messages: undefined, fallback: enFirstLoad })

export type Translate = (key: MessageKey, params?: MessageParams) => string

/** The text of `key` in the user's language, `{name}` parameters filled in. */
export function useT(): Translate {
  const { messages, fallback } = useContext(I18nContext)
  return (key, params) => translate(messages ?? {}, key, params, fallback)
}

/** A balance truncated per SPEC §5 (3 decimals) in the locale's digits and separators. */
export function useFormatAmount(): (amount: string, places?: number) => string {
  const { locale } = useContext(I18nContext)
  return (amount, places) => formatAmount(locale, amount, places)
}
