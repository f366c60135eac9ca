import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The server's balances: icon, name, amount truncated to 3 decimals, USD value. */
export function TokensTab() {
  const { tokenBalance, balanceLoading, balanceError } = usePorticoAccount()
  const { t, amount, usd } = useI18n()
  if (!tokenBalance) {
    if (balanceLoading)
      return (
        <div className="empty">
          <Spinner size={20} label={t('tokens.loading')} />
        </div>
      )
    return <div className="empty">{t(balanceError ? 'error.tokenBalanceUnavailable' : 'tokens.none')}</div>
  }
  if (tokenBalance.length === 0) return <div className="empty">{t('tokens.none')}</div>
  return (
    <ul className="list" aria-label={t('common.tokens')} data-testid="token-list" style={{ gap: 2 }}>
      {tokenBalance.map((token) => (
        <li key={token.address ?? token.symbol} className="asset" data-testid={`token-${token.symbol}`}>
          <TokenIcon src={token.iconUrl} symbol={token.symbol} />
          <span className="main">
            <span className="primary">{token.name}</span>
            <span className="secondary" data-testid="token-amount">
              {amount(token.quantity.numeric)} {token.symbol}
            </span>
          </span>
          <span className="end">
            <span className="primary">{usd(token.value)}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
