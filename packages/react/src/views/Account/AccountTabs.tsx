import { getAccountTabs } from '@portico/core'
import { useRef, useState, type KeyboardEvent } from 'react'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { useI18n } from '../../i18n/useI18n.js'
import { ActivityTab } from './ActivityTab.js'
import { NftsTab } from './NftsTab.js'
import { TokensTab } from './TokensTab.js'

const ALL_TABS = [
  { id: 'tokens', label: 'common.tokens', Panel: TokensTab },
  { id: 'nfts', label: 'account.nfts', Panel: NftsTab },
  { id: 'activity', label: 'account.activity', Panel: ActivityTab },
] as const

/** Tokens, NFTs and Activity (core's getAccountTabs: without the activity feature, no Activity) as a tablist (arrow keys, Home and End move between tabs). */
export function AccountTabs() {
  const { t, dir } = useI18n()
  const shown = usePorticoSelector(getAccountTabs, shallowEqual)
  const TABS = ALL_TABS.filter((tab) => shown.includes(tab.id))
  const [chosen, setSelected] = useState(0)
  const selected = Math.min(chosen, TABS.length - 1)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const select = (index: number) => {
    const next = (index + TABS.length) % TABS.length
    setSelected(next)
    buttons.current[next]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    // Right to left the next tab is on the left (WAI-ARIA APG tabs).
    const next = dir === 'rtl' ? -1 : 1
    const moves: Record<string, number> = { ArrowRight: selected + next, ArrowLeft: selected - next, Home: 0, End: TABS.length - 1 }
    if (!(event.key in moves)) return
    event.preventDefault()
    select(moves[event.key]!)
  }
  const { Panel, id } = TABS[selected]!
  return (
    <div>
      <div className="tabs" role="tablist" aria-label={t('account.title')} onKeyDown={onKeyDown}>
        {TABS.map((tab, index) => (
          <button
            type="button"
            key={tab.id}
            ref={(el) => {
              buttons.current[index] = el
            }}
            className="tab"
            role="tab"
            id={`account-tab-${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`account-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div className="tabpanel" role="tabpanel" id={`account-panel-${id}`} aria-labelledby={`account-tab-${id}`} tabIndex={0}>
        <Panel />
      </div>
    </div>
  )
}
