import { en } from '@portico/core/i18n'
import { useContext, useMemo, type ReactNode } from 'react'
import { I18nContext } from './context.js'

/** Inside the modal (its own chunk) the whole English catalogue is the fallback, not only the button's texts. */
export function I18nModalProvider({ children }: { children: ReactNode }) {
  const outer = useContext(I18nContext)
  const value = useMemo(() => ({ ...outer, fallback: en }), [outer])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}
