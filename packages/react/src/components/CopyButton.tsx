import { showSnack } from '@portico/core'
import type { ReactNode } from 'react'
import { usePortico } from '../context.js'
import { CopyIcon } from './icons.js'

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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      showSnack(portico, { message: 'Address copied', variant: 'success' })
    } catch {
      showSnack(portico, { message: 'Could not copy the address', variant: 'error' })
    }
  }
  return (
    <button type="button" className={className} onClick={copy} aria-label={label} data-testid={testId}>
      {children ?? (
        <>
          <CopyIcon /> Copy address
        </>
      )}
    </button>
  )
}
