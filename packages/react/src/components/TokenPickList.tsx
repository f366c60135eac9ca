import type { ReactNode } from 'react'
import { CheckIcon } from './icons.js'
import { TokenIcon } from './TokenIcon.js'

/** One token of a pick list: its icon and symbol, a title (and a second line), and what the row ends with. */
export interface TokenPickItem<T> {
  key: string
  token: T
  symbol: string
  iconUrl: string | undefined
  title: ReactNode
  /** A second line under the title (the onramp's token name); without it the row is a one-line token row. */
  subtitle?: ReactNode
  /** The right end: a balance, its value. */
  end?: ReactNode
  /** The token chosen now: aria-current (and a check mark with `check`); undefined leaves the attribute out. */
  current?: boolean
  testId: string
}

/** The token lists of Send, the onramp and Swap: one button per token, picked with a click. */
export function TokenPickList<T>({
  label,
  items,
  onPick,
  check = false,
  testId,
  children,
}: {
  label: string
  items: readonly TokenPickItem<T>[]
  onPick(token: T): void
  check?: boolean
  testId?: string
  children?: ReactNode
}) {
  return (
    <ul className="list" aria-label={label} data-testid={testId}>
      {children}
      {items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            className={item.subtitle === undefined ? 'list-item token-row' : 'list-item'}
            aria-current={item.current}
            onClick={() => onPick(item.token)}
            data-testid={item.testId}
          >
            <TokenIcon src={item.iconUrl} symbol={item.symbol} />
            {item.subtitle === undefined ? (
              <span className="name">{item.title}</span>
            ) : (
              <span className="main">
                {item.title}
                <span className="sub">{item.subtitle}</span>
              </span>
            )}
            {item.end !== undefined && <span className="end">{item.end}</span>}
            {check && item.current && <CheckIcon className="check" />}
          </button>
        </li>
      ))}
    </ul>
  )
}
