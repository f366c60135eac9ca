import {
  formatSwapAmount,
  formatUsd,
  getSwapProblem,
  goBack,
  minimumReceived,
  submitSwap,
  swapAmount,
  swapFiatValue,
  swapNetworkFee,
  swapRate,
  truncateDecimals,
} from '@portico/core'
import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { sendCss } from '../WalletSend/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { swapCss } from '../Swap/styles.js'

/** Swap, step 2: the pair with fiat values, rate, price impact, minimum received, network fee and slippage; then approve (when needed) and swap, each in the wallet. */
export default function SwapPreview() {
  const portico = usePortico()
  const state = usePorticoStore('swap', (s) => s)
  const { tokenBalance } = usePorticoAccount()
  const { from, to, quote, step } = state
  if (!from || !to || !quote) return <div className="empty">{getSwapProblem(state, tokenBalance) ?? 'No quote'}</div>
  const receive = formatSwapAmount(quote.toAmount, to.decimals)
  const minimum = formatSwapAmount(minimumReceived(quote.toAmount, state.slippage), to.decimals)
  const busy = step === 'approve' || step === 'swap'
  const payUsd = swapFiatValue(swapAmount(state), from, state.prices)
  const receiveUsd = swapFiatValue(quote.toAmount, to, state.prices)
  const fee = swapNetworkFee(state)
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
          <dt>Rate</dt>
          <dd>{swapRate(state)}</dd>
        </div>
        {quote.priceImpact !== undefined && (
          <div className="row">
            <dt>Price impact</dt>
            <dd>{quote.priceImpact.toFixed(2)} %</dd>
          </div>
        )}
        <div className="row">
          <dt>Minimum received</dt>
          <dd data-testid="swap-minimum">
            {minimum} {to.symbol}
          </dd>
        </div>
        {fee && (
          <div className="row">
            <dt>Network fee</dt>
            <dd data-testid="swap-preview-fee">
              ≈ {truncateDecimals(fee.amount, 6)} {fee.symbol}
              {fee.usd !== undefined ? ` (${formatUsd(fee.usd)})` : ''}
            </dd>
          </div>
        )}
        <div className="row">
          <dt>Slippage tolerance</dt>
          <dd>{state.slippage} %</dd>
        </div>
      </dl>
      {state.submitError && (
        <p className="hint error" role="alert">
          {state.submitError}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => goBack(portico)} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => void submitSwap(portico).catch(() => {})} disabled={busy} data-testid="swap-submit">
          {step === 'approve' ? (
            <>
              <Spinner size={16} label="" /> Approve {from.symbol} for swaps in your wallet
            </>
          ) : step === 'swap' ? (
            <>
              <Spinner size={16} label="" /> Confirm the swap in your wallet
            </>
          ) : (
            'Swap'
          )}
        </button>
      </div>
    </div>
  )
}
