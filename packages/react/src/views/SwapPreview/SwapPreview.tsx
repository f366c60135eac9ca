import {
  formatSwapAmount,
  getSwapProblem,
  goBack,
  minimumReceived,
  submitSwap,
  swapAmount,
  swapFiatValue,
  swapNeedsApproval,
  swapNetworkFee,
  swapRate,
} from '@portico/core'
import { useId, useState } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { sendCss } from '../WalletSend/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'
import { swapCss } from '../Swap/styles.js'

/**
 * Swap, step 2: the pair with fiat values, rate, price impact, minimum received, network fee and slippage; then approve
 * (when needed) and swap, each in the wallet. The approval is of the amount sold unless the user allows unlimited spending
 * of the token here (off each time the preview opens).
 */
export default function SwapPreview() {
  const portico = usePortico()
  const { t, amount, usd: formatUsd } = useI18n()
  const state = usePorticoStore('swap', (s) => s)
  const { tokenBalance } = usePorticoAccount()
  const [unlimited, setUnlimited] = useState(false)
  const choiceId = useId()
  const { from, to, quote, step } = state
  if (!from || !to || !quote) {
    const problem = getSwapProblem(state, tokenBalance)
    return <div className="empty">{problem ? t(problem.key, problem.params) : t('swapText.noQuote')}</div>
  }
  const receive = formatSwapAmount(quote.toAmount, to.decimals)
  const minimum = formatSwapAmount(minimumReceived(quote.toAmount, state.slippage), to.decimals)
  const busy = step === 'approve' || step === 'swap'
  const payUsd = swapFiatValue(swapAmount(state), from, state.prices)
  const receiveUsd = swapFiatValue(quote.toAmount, to, state.prices)
  const fee = swapNetworkFee(state)
  const approval = swapNeedsApproval(state)
  return (
    <div className="send" data-testid="swap-preview">
      <Sheet css={sendCss + swapCss} />
      <div className="preview-amount">
        <TokenIcon src={from.logoUri} symbol={from.symbol} />
        <span className="swap-side">
          <span className="value">
            {state.fromAmount} {from.symbol}
          </span>
          {payUsd !== undefined && (
            <span className="hint" data-testid="swap-preview-pay-fiat">
              ≈ {formatUsd(payUsd)}
            </span>
          )}
        </span>
      </div>
      <div className="preview-amount">
        <TokenIcon src={to.logoUri} symbol={to.symbol} />
        <span className="swap-side">
          <span className="value" data-testid="swap-preview-receive">
            {receive} {to.symbol}
          </span>
          {receiveUsd !== undefined && (
            <span className="hint" data-testid="swap-preview-receive-fiat">
              ≈ {formatUsd(receiveUsd)}
            </span>
          )}
        </span>
      </div>
      <dl className="details">
        <div className="row">
          <dt>{t('swap.rate')}</dt>
          <dd>{swapRate(state)}</dd>
        </div>
        {quote.priceImpact !== undefined && (
          <div className="row">
            <dt>{t('swap.priceImpact')}</dt>
            <dd>{quote.priceImpact.toFixed(2)} %</dd>
          </div>
        )}
        <div className="row">
          <dt>{t('swap.minimumReceived')}</dt>
          <dd data-testid="swap-minimum">
            {minimum} {to.symbol}
          </dd>
        </div>
        {fee && (
          <div className="row">
            <dt>{t('common.networkFee')}</dt>
            <dd data-testid="swap-preview-fee">
              ≈ {amount(fee.amount, 6)} {fee.symbol}
              {fee.usd !== undefined ? ` (${formatUsd(fee.usd)})` : ''}
            </dd>
          </div>
        )}
        <div className="row">
          <dt>{t('swap.slippageTolerance')}</dt>
          <dd>{state.slippage} %</dd>
        </div>
        {approval && (
          <div className="row">
            <dt>{t('swap.approval')}</dt>
            <dd data-testid="swap-preview-approval">
              {unlimited ? t('swap.approvalUnlimited', { symbol: from.symbol }) : `${state.fromAmount} ${from.symbol}`}
            </dd>
          </div>
        )}
      </dl>
      {approval && (
        <div className="swap-approval">
          <input
            id={`${choiceId}-input`}
            type="checkbox"
            checked={unlimited}
            onChange={(e) => setUnlimited(e.currentTarget.checked)}
            disabled={busy}
            aria-describedby={`${choiceId}-hint`}
            data-testid="swap-unlimited-approval"
          />
          <span className="swap-side">
            <label htmlFor={`${choiceId}-input`}>{t('swap.unlimitedApproval', { symbol: from.symbol })}</label>
            <span className="hint" id={`${choiceId}-hint`}>
              {t('swap.unlimitedApprovalHint', { symbol: from.symbol })}
            </span>
          </span>
        </div>
      )}
      {state.submitError && (
        <p className="hint error" role="alert">
          {t(state.submitError.key, state.submitError.params)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => goBack(portico)} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void submitSwap(portico, { approval: approval && unlimited ? 'unlimited' : 'exact' }).catch(() => {})}
          disabled={busy}
          data-testid="swap-submit"
        >
          {step === 'approve' ? (
            <>
              <Spinner size={16} label="" /> {t('swap.approveToken', { symbol: from.symbol })}
            </>
          ) : step === 'swap' ? (
            <>
              <Spinner size={16} label="" /> {t('swap.confirmInWallet')}
            </>
          ) : (
            t('swap.swap')
          )}
        </button>
      </div>
    </div>
  )
}
