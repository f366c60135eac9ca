import { estimateSendFee, fetchFeeRates, goBack, sendAmountInUsd, sendTokens } from '@portico/core'
import { useEffect, useState } from 'react'
import { ArrowDownIcon } from '../../components/icons.js'
import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { sendCss } from '../WalletSend/styles.js'
import { ReceiverSummary } from './ReceiverSummary.js'
import { SendDetails } from './SendDetails.js'
import { FeeSpeedChoice } from './FeeSpeedChoice.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/** Send, step 2: what goes where, the fee speed where the network has fee rates, the network fee estimate, then approval in the wallet. */
export default function WalletSendPreview() {
  const portico = usePortico()
  const { t, usd: formatUsd, amount: formatAmount } = useI18n()
  const token = usePorticoStore('send', (s) => s.token)
  const amount = usePorticoStore('send', (s) => s.sendTokenAmount)
  const loading = usePorticoStore('send', (s) => s.loading)
  const [estimated, setEstimated] = useState(false)
  useEffect(() => {
    // Where the network offers fee rates (Bitcoin), they come first: each speed is then estimated.
    void fetchFeeRates(portico)
      .then(() => estimateSendFee(portico))
      .finally(() => setEstimated(true))
  }, [portico])
  if (!token || !amount) return null
  const usd = sendAmountInUsd(token, amount)
  // Errors are shown by core as an error snack; the view stays so the user can try again.
  const send = () => void sendTokens(portico).catch(() => {})
  return (
    <div className="send" data-testid="wallet-send-preview">
      <Sheet css={sendCss} />
      <div className="field">
        <span className="label">{t('common.youSend')}</span>
        <div className="preview-amount">
          <TokenIcon src={token.iconUrl} symbol={token.symbol} />
          <span className="value" data-testid="preview-amount">
            {/* The amount as typed, every decimal kept, in the user's language (0,02 BTC in French). */}
            {formatAmount(amount, amount.split('.')[1]?.length ?? 0)} {token.symbol}
          </span>
        </div>
        {usd !== undefined && <span className="hint">{formatUsd(usd)}</span>}
      </div>
      <div className="send-arrow" aria-hidden="true">
        <span>
          <ArrowDownIcon />
        </span>
      </div>
      <ReceiverSummary />
      <FeeSpeedChoice />
      <SendDetails estimated={estimated} />
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => goBack(portico)} disabled={loading}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button" onClick={send} disabled={loading} data-testid="send-submit" aria-busy={loading}>
          {loading ? (
            <>
              <Spinner size={14} /> {t('common.approveInWallet')}
            </>
          ) : (
            t('send.send')
          )}
        </button>
      </div>
    </div>
  )
}
