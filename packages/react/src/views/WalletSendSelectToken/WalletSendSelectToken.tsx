import { formatUsd, goBack, setSendToken, truncateDecimals } from '@portico/core'
import { TokenPickList } from '../../components/TokenPickList.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { sendCss } from '../WalletSend/styles.js'
import { Sheet } from '../../styles/Sheet.js'

/** Send: choose the token from the account's balances. */
export default function WalletSendSelectToken() {
  const portico = usePortico()
  const tokens = usePorticoStore('send', (s) => s.tokenBalances)
  const current = usePorticoStore('send', (s) => s.token)
  if (tokens.length === 0)
    return (
      <div className="empty" data-testid="send-no-tokens">
        No tokens to send on this network
      </div>
    )
  return (
    <TokenPickList
      label="Tokens"
      testId="send-token-list"
      items={tokens.map((token) => ({
        key: token.address ?? token.symbol,
        token,
        symbol: token.symbol,
        iconUrl: token.iconUrl,
        title: token.name,
        end: (
          <>
            <span>
              {truncateDecimals(token.quantity.numeric)} {token.symbol}
            </span>
            <span className="hint">{formatUsd(token.value)}</span>
          </>
        ),
        current: current?.symbol === token.symbol && current?.address === token.address,
        testId: `send-token-${token.symbol}`,
      }))}
      onPick={(token) => {
        setSendToken(portico, token)
        goBack(portico)
      }}
    >
      <Sheet css={sendCss} />
    </TokenPickList>
  )
}
