import { fetchTransactions, groupTransactionsByDate } from '@portico/core'
import { useEffect, useMemo, useRef } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { ActivityRow } from './ActivityRow.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The active network's history: cursor pages with infinite scroll, grouped by date. */
export function ActivityTab() {
  const portico = usePortico()
  const { t, message, locale } = useI18n()
  const { address } = usePorticoAccount()
  const network = usePorticoStore('network', (s) => s.caipNetwork?.caipNetworkId)
  const { transactions, loading, next, empty, error } = usePorticoSelector((p) => {
    const { transactions, loading, next, empty, error } = p.stores.transactions.getState()
    return { transactions, loading, next, empty, error }
  }, shallowEqual)
  const sentinel = useRef<HTMLDivElement>(null)
  const groups = useMemo(() => groupTransactionsByDate(transactions, Date.now(), locale), [transactions, locale])
  // Core names the two nearest days in English; the others are dates in the locale already.
  const dayLabel = (label: string) => (label === 'Today' ? t('activity.today') : label === 'Yesterday' ? t('activity.yesterday') : label)

  useEffect(() => {
    void fetchTransactions(portico, { reset: true })
  }, [portico, address, network])

  useEffect(() => {
    const element = sentinel.current
    if (!element || next == null || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void fetchTransactions(portico)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [portico, next, transactions.length])

  if (error)
    return (
      <div className="empty" role="alert" data-testid="activity-error">
        <span className="error">{message(error)}</span>
      </div>
    )
  if (empty)
    return (
      <div className="empty" data-testid="activity-empty">
        {t('activity.none')}
      </div>
    )
  return (
    <div data-testid="activity-list" aria-busy={loading}>
      {groups.map((group) => (
        <section key={group.label} aria-label={dayLabel(group.label)}>
          <h3 className="day">{dayLabel(group.label)}</h3>
          <ul className="list" style={{ gap: 2 }}>
            {group.transactions.map((t) => (
              <ActivityRow key={t.id} transaction={t} address={address!} />
            ))}
          </ul>
        </section>
      ))}
      {loading && (
        <div className="empty">
          <Spinner size={20} label={t('activity.loading')} />
        </div>
      )}
      {next != null && !loading && <div className="sentinel" ref={sentinel} />}
    </div>
  )
}
