import { getCurrentSendProblem, isSendInputError, navigate } from '@portico/core'
import { ArrowDownIcon } from '../../components/icons.js'
import { usePortico } from '../../context.js'
import { usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { ReceiverInput } from './ReceiverInput.js'
import { sendCss } from './styles.js'
import { TokenAmountInput } from './TokenAmountInput.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * Send, step 1: token and amount, then the receiver. The continue button shows what is missing
 * (SPEC §5 'Send' texts, verbatim) until the send can be previewed.
 */
export default function WalletSend() {
  const portico = usePortico()
  const problem = usePorticoSelector(getCurrentSendProblem)
  const { t, text } = useI18n()
  return (
    <div className="send" data-testid="wallet-send">
      <Sheet css={sendCss} />
      <TokenAmountInput />
      <div className="send-arrow" aria-hidden="true">
        <span>
          <ArrowDownIcon />
        </span>
      </div>
      <ReceiverInput />
      <button
        type="button"
        className={`button full${isSendInputError(problem) ? ' problem-error' : ''}`}
        disabled={problem !== undefined}
        onClick={() => navigate(portico, 'WalletSendPreview')}
        data-testid="send-continue"
      >
        {problem ? text(problem) : t('send.preview')}
      </button>
    </div>
  )
}
