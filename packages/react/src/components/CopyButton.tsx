import { showSnack } from '@portico/core'
import type { ReactNode } from 'react'
import { usePortico } from '../context.js'
import { CopyIcon } from './icons.js'
import { useI18n } from '../i18n/useI18n.js'

/** Copies a text and confirms with a snack. */
export function CopyButton({
  text,
  label,
  className = 'button secondary',
  children,
  testId,
}: {
  text: string
  label: string
  className?: string
  children?: ReactNode
  testId?: string
}) {
  const portico = usePortico()
  const { t } = useI18n()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      showSnack(portico, { message: { key: 'copy.addressCopied' }, variant: 'success' })
    } catch {
      showSnack(portico, { message: { key: 'copy.addressFailed' }, variant: 'error' })
    }
  }
  return (
    <button type="button" className={className} onClick={copy} aria-label={label} data-testid={testId}>
      {children ?? (
        <>
          <CopyIcon /> {t('copy.address')}
        </>
      )}
    </button>
  )
}
