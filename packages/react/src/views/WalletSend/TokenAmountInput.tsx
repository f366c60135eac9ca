import { getMaxSendAmount, isInsufficientBalance, navigate, sendAmountInUsd, setSendAmount } from '@portico/core'
import { ChevronIcon } from '../../components/icons.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The amount exactly as typed, the token to send, its USD equivalent, the balance and Max. */
export function TokenAmountInput() {
  const portico = usePortico()
  const { t, amount: formatAmount, usd: formatUsd } = useI18n()
  const token = usePorticoStore('send', (s) => s.token)
  const amount = usePorticoStore('send', (s) => s.sendTokenAmount)
  const fee = usePorticoStore('send', (s) => s.fee)
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const usd = sendAmountInUsd(token, amount)
  const insufficient = isInsufficientBalance(token, amount)
  return (
    <div className="field">
      <label htmlFor="send-amount">{t('common.youSend')}</label>
      <div className="row">
        <input
          id="send-amount"
          className="amount-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amount ?? ''}
          onChange={(event) => setSendAmount(portico, { amount: event.target.value })}
          aria-invalid={insufficient}
          data-testid="send-amount"
        />
        <button type="button" className="token-pick" onClick={() => navigate(portico, { view: 'WalletSendSelectToken' })} data-testid="send-token">
          {token ? (
            <>
              <TokenIcon src={token.iconUrl} symbol={token.symbol} size={24} />
              {token.symbol}
            </>
          ) : (
            t('common.selectToken')
          )}
          <ChevronIcon />
        </button>
      </div>
      <div className="row">
        <span className="hint" data-testid="send-usd">
          {formatUsd(usd ?? 0)}
        </span>
        {token && (
          <span className={`hint${insufficient ? ' error' : ''}`}>
            {insufficient ? t('sendForm.insufficientBalance') : t('send.balance', { amount: `${formatAmount(token.quantity.numeric)} ${token.symbol}` })}
            <button
              type="button"
              className="max"
              onClick={() => setSendAmount(portico, { amount: getMaxSendAmount(token, caipNetwork, fee) })}
              data-testid="send-max"
            >
              {t('send.max')}
            </button>
          </span>
        )}
      </div>
    </div>
  )
}
