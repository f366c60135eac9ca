import { goBack, setSendToken } from '@portico/core'
import { TokenPickList } from '../../components/TokenPickList.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { sendCss } from '../WalletSend/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/** Send: choose the token from the account's balances. */
export default function WalletSendSelectToken() {
  const portico = usePortico()
  const { t, amount, usd } = useI18n()
  const tokens = usePorticoStore('send', (s) => s.tokenBalances)
  const current = usePorticoStore('send', (s) => s.token)
  if (tokens.length === 0)
    return (
      <div className="empty" data-testid="send-no-tokens">
        {t('send.noTokens')}
      </div>
    )
  return (
    <TokenPickList
      label={t('common.tokens')}
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
              {amount(token.quantity.numeric)} {token.symbol}
            </span>
            <span className="hint">{usd(token.value)}</span>
          </>
        ),
        current: current?.symbol === token.symbol && current?.address === token.address,
        testId: `send-token-${token.symbol}`,
      }))}
      onPick={(token) => {
        setSendToken(portico, { token })
        goBack(portico)
      }}
    >
      <Sheet css={sendCss} />
    </TokenPickList>
  )
}
