import { getCurrentSendProblem, isSendInputError, navigate } from '@portico/core'
import { ArrowDownIcon } from '../../components/icons.js'
import { usePortico } from '../../context.js'
import { usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { ReceiverInput } from './ReceiverInput.js'
import { sendCss } from './styles.js'
import { TokenAmountInput } from './TokenAmountInput.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'
import { sameMessage } from '../../i18n/sameMessage.js'

/**
 * Send, step 1: token and amount, then the receiver. The continue button shows what is missing
 * (SPEC §5 'Send' texts, by their keys) until the send can be previewed; the problem's kind says
 * whether it is the user's to correct.
 */
export default function WalletSend() {
  const portico = usePortico()
  const problem = usePorticoSelector(getCurrentSendProblem, sameMessage)
  const { t } = useI18n()
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
        onClick={() => navigate(portico, { view: 'WalletSendPreview' })}
        data-testid="send-continue"
      >
        {problem ? t(problem.key, problem.params) : t('send.preview')}
      </button>
    </div>
  )
}
