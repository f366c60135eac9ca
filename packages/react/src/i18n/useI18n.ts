import { en, formatAmount, formatDay, formatTime, formatUsdIn, translate, type Message, type MessageKey, type MessageParams } from '@portico/core/i18n'
import { useContext, useMemo } from 'react'
import { I18nContext } from './context.js'

/**
 * Everything a view needs to speak the user's language: `t(key, params)` for its texts,
 * `message(m)` for a message core keeps (an error, a snack, a problem: its key and parameters,
 * never a sentence), and Intl formatting of amounts (SPEC §5 truncation kept), USD, days and times.
 */
export function useI18n() {
  const value = useContext(I18nContext)
  return useMemo(() => {
    // The views are in the modal's chunk, with the whole English catalogue: the fallback of a missing message.
    const { locale, messages } = value
    const t = (key: MessageKey, params?: MessageParams) => translate(messages ?? {}, key, params, en)
    return {
      locale,
      dir: value.dir,
      t,
      message: ({ key, params }: Message) => t(key, params),
      amount: (amount: string, places?: number) => formatAmount(locale, amount, places),
      usd: (value: number) => formatUsdIn(locale, value),
      day: (date: Date) => formatDay(locale, date),
      time: (date: Date) => formatTime(locale, date),
    }
  }, [value])
}
