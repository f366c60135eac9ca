import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useI18n } from '../i18n/useI18n.js'
import { Sheet } from '../styles/Sheet.js'

export interface RadioOption<V extends string> {
  value: V
  /** What the option shows (its name, then details); the whole is its accessible name. */
  children: ReactNode
  testId?: string
}

// Stacked options (the fee choice) put their details under their name, the same in every language: side by side,
// a longer translation wrapped some options and not others.
const css = `
.radio-group{display:flex;gap:6px}
.radio-group.stacked{flex-direction:column}
.radio{flex:1;display:flex;align-items:center;gap:10px;padding:8px 12px;border-radius:var(--portico-radius-l);text-align:start;
  background:var(--portico-color-bg-150);border:1px solid transparent;color:var(--portico-color-fg-100);font-size:var(--portico-font-size-sm)}
.radio:hover:not([disabled]){background:var(--portico-color-bg-200)}
.radio[aria-checked=true]{border-color:var(--portico-accent);background:color-mix(in srgb,var(--portico-accent) 10%,var(--portico-color-bg-150))}
.radio:focus-visible{outline:2px solid var(--portico-accent);outline-offset:2px}
.radio[disabled]{opacity:.6}
.radio .dot{flex:none;width:16px;height:16px;border-radius:50%;border:2px solid var(--portico-color-fg-300);display:inline-flex;align-items:center;justify-content:center}
.radio[aria-checked=true] .dot{border-color:var(--portico-accent)}
.radio[aria-checked=true] .dot::after{content:'';width:8px;height:8px;border-radius:50%;background:var(--portico-accent)}
.radio .body{flex:1;display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:2px 8px;min-width:0}
.radio-group.stacked .radio .body{flex-direction:column;align-items:flex-start}
`

/**
 * WAI-ARIA APG radio group: one tab stop (the checked option), arrow keys move to and check the
 * next or previous option (Left and Right follow the reading direction), Home and End the first
 * and last; a screen reader hears the group's label, each option's name and whether it is checked.
 */
export function RadioGroup<V extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  stacked,
  testId,
}: {
  label: string
  options: readonly RadioOption<V>[]
  value: V | undefined
  onChange: (value: V) => void
  disabled?: boolean
  /** One option per line (the fee choice) rather than side by side (an address type). */
  stacked?: boolean
  testId?: string
}) {
  const { dir } = useI18n()
  const radios = useRef<Array<HTMLButtonElement | null>>([])
  const checked = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  )
  const choose = (index: number) => {
    const next = (index + options.length) % options.length
    radios.current[next]?.focus()
    if (options[next]!.value !== value) onChange(options[next]!.value)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = dir === 'rtl' ? -1 : 1
    const moves: Record<string, number> = {
      ArrowDown: checked + 1,
      ArrowUp: checked - 1,
      ArrowRight: checked + forward,
      ArrowLeft: checked - forward,
      Home: 0,
      End: options.length - 1,
    }
    if (disabled || !(event.key in moves)) return
    event.preventDefault()
    choose(moves[event.key]!)
  }
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={`radio-group${stacked ? ' stacked' : ''}`}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      <Sheet css={css} />
      {options.map((option, index) => (
        <button
          type="button"
          role="radio"
          key={option.value}
          ref={(el) => {
            radios.current[index] = el
          }}
          className="radio"
          aria-checked={option.value === value}
          tabIndex={index === checked ? 0 : -1}
          disabled={disabled}
          onClick={() => option.value !== value && onChange(option.value)}
          data-testid={option.testId}
        >
          <span className="dot" aria-hidden="true" />
          <span className="body">{option.children}</span>
        </button>
      ))}
    </div>
  )
}
