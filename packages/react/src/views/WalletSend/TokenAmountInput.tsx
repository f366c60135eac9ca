import { formatUsd, getMaxSendAmount, isInsufficientBalance, navigate, sendAmountInUsd, setSendAmount, truncateDecimals } from '@portico/core'
import { ChevronIcon } from '../../components/icons.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'

/** The amount exactly as typed, the token to send, its USD equivalent, the balance and Max. */
export function TokenAmountInput() {
  const portico = usePortico()
  const token = usePorticoStore('send', (s) => s.token)
  const amount = usePorticoStore('send', (s) => s.sendTokenAmount)
  const fee = usePorticoStore('send', (s) => s.fee)
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const usd = sendAmountInUsd(token, amount)
  const insufficient = isInsufficientBalance(token, amount)
  return (
    <div className="field">
      <label htmlFor="send-amount">You send</label>
      <div className="row">
        <input
          id="send-amount"
          className="amount-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={amount ?? ''}
          onChange={(event) => setSendAmount(portico, event.target.value)}
          aria-invalid={insufficient}
          data-testid="send-amount"
        />
        <button type="button" className="token-pick" onClick={() => navigate(portico, 'WalletSendSelectToken')} data-testid="send-token">
          {token ? (
            <>
              <TokenIcon src={token.iconUrl} symbol={token.symbol} size={24} />
              {token.symbol}
            </>
          ) : (
            'Select token'
          )}
          <ChevronIcon />
        </button>
      </div>
      <div className="row">
        <span className="hint" data-testid="send-usd">
          {usd !== undefined ? formatUsd(usd) : '$0.00'}
        </span>
        {token && (
          <span className={`hint${insufficient ? ' error' : ''}`}>
            {insufficient ? 'Insufficient balance' : `Balance: ${truncateDecimals(token.quantity.numeric)} ${token.symbol}`}
            <button type="button" className="max" onClick={() => setSendAmount(portico, getMaxSendAmount(token, caipNetwork, fee))} data-testid="send-max">
              Max
            </button>
          </span>
        )}
      </div>
    </div>
  )
}
