import type { ReactNode } from 'react'

/** A result line the reader (and a test) can find by its test id; errors show their class name first. */
export function Result({ testId, label, value }: { testId: string; label: string; value: ReactNode }) {
  if (value === undefined || value === null || value === '') return null
  return (
    <p className="result">
      {label}: <code data-testid={testId}>{value}</code>
    </p>
  )
}

export function ErrorResult({ testId, error }: { testId: string; error: Error | null }) {
  if (!error) return null
  const short = (error as { shortMessage?: string }).shortMessage ?? error.message
  return (
    <p className="result error" role="alert">
      <code data-testid={testId}>{error.name}</code> {short}
    </p>
  )
}
