import { ErrorText, formatUsd, truncateDecimals } from '@portico/core'
import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'

/** The server's balances: icon, name, amount truncated to 3 decimals, USD value. */
export function TokensTab() {
  const { tokenBalance, balanceLoading, balanceError } = usePorticoAccount()
  if (!tokenBalance) {
    if (balanceLoading)
      return (
        <div className="empty">
          <Spinner size={20} label="Loading tokens" />
        </div>
      )
    return <div className="empty">{balanceError ? ErrorText.tokenBalanceUnavailable : 'No tokens yet'}</div>
  }
  if (tokenBalance.length === 0) return <div className="empty">No tokens yet</div>
  return (
    <ul className="list" aria-label="Tokens" data-testid="token-list" style={{ gap: 2 }}>
      {tokenBalance.map((token) => (
        <li key={token.address ?? token.symbol} className="asset" data-testid={`token-${token.symbol}`}>
          <TokenIcon src={token.iconUrl} symbol={token.symbol} />
          <span className="main">
            <span className="primary">{token.name}</span>
            <span className="secondary" data-testid="token-amount">
              {truncateDecimals(token.quantity.numeric)} {token.symbol}
            </span>
          </span>
          <span className="end">
            <span className="primary">{formatUsd(token.value)}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
