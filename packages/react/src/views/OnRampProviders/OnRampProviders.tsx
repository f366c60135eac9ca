import {
  fetchBalance,
  fetchOnrampOptions,
  getOnrampPurchase,
  returnToAccount,
  selectOnrampProvider,
  setPaymentAmount,
  truncateDecimals,
  type OnrampProvider,
} from '@portico/core'
import { useEffect, useState } from 'react'
import { CardIcon, ChevronIcon } from '../../components/icons.js'
import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico } from '../../context.js'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { FiatIcon } from './FiatIcon.js'
import { onrampCss } from './styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const AMOUNT_PATTERN = /^\d*\.?\d*$/

/**
 * SPEC §2 OnRampProviders: the amount (kept exactly as typed), its limits, the quote read at
 * purchaseAmount.amount, and the providers. A provider opens its link (SPEC §7) in a new window.
 */
export default function OnRampProviders() {
  const portico = usePortico()
  const { fiat, token, providers, amountOk, limits } = usePorticoSelector(getOnrampPurchase, shallowEqual)
  const {
    paymentAmount = '',
    purchaseAmount,
    quotesLoading,
    error,
  } = usePorticoSelector((p) => {
    const { paymentAmount, purchaseAmount, quotesLoading, error } = p.stores.onramp.getState()
    return { paymentAmount, purchaseAmount, quotesLoading, error }
  }, shallowEqual)
  const { tokenBalance } = usePorticoAccount()
  const [opened, setOpened] = useState<OnrampProvider | undefined>(undefined)
  const { t, message } = useI18n()
  useEffect(() => {
    if (portico.stores.onramp.getState().providers.length === 0) void fetchOnrampOptions(portico)
  }, [portico])

  const icon = tokenBalance?.find((t) => t.symbol === token)?.iconUrl

  const open = (provider: OnrampProvider) => {
    const link = selectOnrampProvider(portico, provider)
    // Synchronously in the click, so that the browser allows the new window.
    window.open(link, '_blank', 'noopener,noreferrer,popup,width=600,height=800')
    setOpened(provider)
  }

  if (opened) return <PurchasePending provider={opened} token={token} onBack={() => setOpened(undefined)} />

  return (
    <div className="onramp" data-testid="onramp-providers">
      <Sheet css={onrampCss} />
      <div className="onramp-summary">
        {/* The locale's sentence ('Buy {token} with {fiat}'), the chips where its placeholders are. */}
        {t('onramp.summary')
          .split(/(\{token\}|\{fiat\})/)
          .map((part) =>
            part === '{token}' ? (
              <span key={part} className="chip" data-testid="onramp-token-chip">
                <TokenIcon src={icon} symbol={token} size={20} /> {token}
              </span>
            ) : part === '{fiat}' ? (
              <span key={part} className="chip" data-testid="onramp-fiat-chip">
                <FiatIcon currency={fiat} /> {fiat}
              </span>
            ) : (
              part.trim() && <span key={part}>{part.trim()}</span>
            ),
          )}
      </div>
      <div className={`field${error ? ' invalid' : ''}`}>
        <label htmlFor="onramp-amount">{t('swap.youPay')}</label>
        <div className="amount-row">
          <input
            id="onramp-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={paymentAmount}
            onChange={(event) => {
              if (AMOUNT_PATTERN.test(event.target.value)) setPaymentAmount(portico, { amount: event.target.value })
            }}
            aria-invalid={Boolean(error)}
            aria-describedby="onramp-limits"
            data-testid="onramp-amount"
          />
          <span className="currency">{fiat}</span>
        </div>
      </div>
      <p id="onramp-limits" className={`limits${error ? ' error' : ''}`} role={error ? 'alert' : undefined} data-testid="onramp-limits">
        {error ? message(error) : limits ? t('onramp.limits', { limits, fiat }) : ''}
      </p>
      <div className="quote" aria-live="polite" data-testid="onramp-quote">
        <span className="muted">{t('onramp.youGet')}</span>
        {quotesLoading ? (
          <Spinner size={14} label={t('onramp.gettingQuote')} />
        ) : purchaseAmount !== undefined ? (
          <span className="value" data-testid="onramp-quote-amount">
            ≈ {truncateDecimals(purchaseAmount, 2)} {token}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </div>
      <p className="providers-head">{t('onramp.providers')}</p>
      {providers.length === 0 ? (
        <p className="empty">{t('onramp.noProvider')}</p>
      ) : (
        <ul className="list" aria-label={t('onramp.providers')}>
          {providers.map((provider) => (
            <li key={provider.name}>
              <button
                type="button"
                className="list-item"
                disabled={!amountOk || quotesLoading}
                onClick={() => open(provider)}
                data-testid={`onramp-provider-${provider.name}`}
              >
                <span className="provider-icon">
                  <CardIcon />
                </span>
                <span className="main">
                  {provider.label}
                  <span className="sub">{t('onramp.fees', { range: provider.feeRange })}</span>
                </span>
                <ChevronIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** After the provider window opened: finish there, then refresh the balance here. */
function PurchasePending({ provider, token, onBack }: { provider: OnrampProvider; token: string; onBack: () => void }) {
  const portico = usePortico()
  const { tokenBalance, balanceLoading } = usePorticoAccount()
  const held = tokenBalance?.find((t) => t.symbol === token)
  const { t } = useI18n()
  return (
    <div className="onramp-pending" data-testid="onramp-pending">
      <Sheet css={onrampCss} />
      <span className="provider-icon">
        <CardIcon />
      </span>
      <p className="title">{t('onramp.completeTitle')}</p>
      <p className="text">{t('onramp.completeText', { provider: provider.label, token })}</p>
      <p className="balance-line" data-testid="onramp-balance">
        {balanceLoading ? <Spinner size={14} label={t('account.loadingBalance')} /> : `${truncateDecimals(held?.quantity.numeric ?? '0')} ${token}`}
      </p>
      <div className="actions">
        <button type="button" className="button full" onClick={() => void fetchBalance(portico, undefined, { force: true })} data-testid="onramp-refresh">
          {t('onramp.refresh')}
        </button>
        <button type="button" className="button secondary full" onClick={() => returnToAccount(portico)} data-testid="onramp-done">
          {t('names.backToAccount')}
        </button>
        <button type="button" className="link-button" onClick={onBack}>
          {t('onramp.another')}
        </button>
      </div>
    </div>
  )
}
