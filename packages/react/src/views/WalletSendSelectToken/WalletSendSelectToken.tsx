import { formatUsd, goBack, setSendToken, truncateDecimals } from '@portico/core'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { sendCss } from '../WalletSend/styles.js'
import { Sheet } from '../../styles/Sheet.js'

/** Send: choose the token from the account's balances. */
export default function WalletSendSelectToken() {
  const portico = usePortico()
  const tokens = usePorticoStore('send', (s) => s.tokenBalances)
  const current = usePorticoStore('send', (s) => s.token)
  if (tokens.length === 0) return <div className="empty" data-testid="send-no-tokens">No tokens to send on this network</div>
  return (
    <ul className="list" aria-label="Tokens" data-testid="send-token-list">
      <Sheet css={sendCss} />
      {tokens.map((token) => (
        <li key={token.address ?? token.symbol}>
          <button type="button"
            className="list-item token-row"
            aria-current={current?.symbol === token.symbol && current?.address === token.address}
            onClick={() => {
              setSendToken(portico, token)
              goBack(portico)
            }}
            data-testid={`send-token-${token.symbol}`}
          >
            <TokenIcon src={token.iconUrl} symbol={token.symbol} />
            <span className="name">{token.name}</span>
            <span className="end">
              <span>{truncateDecimals(token.quantity.numeric)} {token.symbol}</span>
              <span className="hint">{formatUsd(token.value)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
