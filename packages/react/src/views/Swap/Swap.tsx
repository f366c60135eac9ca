import {
  flipSwapTokens,
  formatSwapAmount,
  getSwapProblem,
  isPriceImpactHigh,
  openSwapTokenPicker,
  navigate,
  setSwapAmount,
  swapAmount,
  swapFiatValue,
  swapNetworkFee,
  swapRate,
  swapTokenBalance,
  SWAP_PRICE_IMPACT_WARNING_PERCENT,
  type SwapToken,
} from '@portico/core'
import { ArrowDownIcon, ChevronIcon, WarningIcon } from '../../components/icons.js'
import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { sendCss } from '../WalletSend/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'
import { swapCss } from './styles.js'

const SLIPPAGES = [0.5, 1, 3]

/** Swap, step 1: what to sell (amount as typed, its fiat value, balance, Max), what to buy (the quote, its fiat value, balance), flip, rate, network fee, slippage. */
export default function Swap() {
  const portico = usePortico()
  const { t, amount, usd } = useI18n()
  const fiat = (value: number | undefined) => (value === undefined ? '\u00a0' : `≈ ${usd(value)}`)
  const state = usePorticoStore('swap', (s) => s)
  const { tokenBalance } = usePorticoAccount()
  if (state.tokensError)
    return (
      <div className="empty" role="alert" data-testid="swap-error">
        {t(state.tokensError.key, state.tokensError.params)}
      </div>
    )
  if (!state.tokens)
    return (
      <div className="empty">
        <Spinner size={24} label={t('tokens.loading')} />
      </div>
    )
  const problem = getSwapProblem(state, tokenBalance)
  const balance = swapTokenBalance(state.from, tokenBalance)
  const toBalance = swapTokenBalance(state.to, tokenBalance)
  const payUsd = swapFiatValue(swapAmount(state), state.from, state.prices)
  const receiveUsd = swapFiatValue(state.quote?.toAmount, state.to, state.prices)
  const fee = swapNetworkFee(state)
  const rate = swapRate(state)
  const impactHigh = isPriceImpactHigh(state.quote)
  return (
    <div className="send" data-testid="swap">
      <Sheet css={sendCss + swapCss} />
      <div className="field">
        <label htmlFor="swap-amount">{t('swap.youPay')}</label>
        <div className="row">
          <input
            id="swap-amount"
            className="amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={state.fromAmount}
            onChange={(event) => setSwapAmount(portico, { fromAmount: event.target.value })}
            aria-invalid={problem?.kind === 'insufficientBalance'}
            data-testid="swap-amount"
          />
          <TokenPick token={state.from} onClick={() => openSwapTokenPicker(portico, { side: 'from' })} testId="swap-from" />
        </div>
        <div className="row">
          <span className="hint" data-testid="swap-pay-fiat">
            {fiat(payUsd)}
          </span>
          <span className="swap-balance">
            <span className={`hint${problem?.kind === 'insufficientBalance' ? ' error' : ''}`} data-testid="swap-balance">
              {t('send.balance', { amount: balance ? `${amount(balance.quantity.numeric)} ${balance.symbol}` : amount('0') })}
            </span>
            {balance && (
              <button type="button" className="max" onClick={() => setSwapAmount(portico, { fromAmount: balance.quantity.numeric })} data-testid="swap-max">
                {t('send.max')}
              </button>
            )}
          </span>
        </div>
      </div>
      <div className="send-arrow">
        <button
          type="button"
          className="swap-flip"
          aria-label={t('swap.switchTokens')}
          onClick={() => flipSwapTokens(portico)}
          data-testid="swap-flip"
          style={{ display: 'inline-flex' }}
        >
          <span>
            <ArrowDownIcon />
          </span>
        </button>
      </div>
      <div className="field">
        <span className="hint">{t('swap.youReceive')}</span>
        <div className="row">
          <output className={`swap-quote${state.quoteLoading ? ' loading' : ''}`} aria-live="polite" data-testid="swap-quote">
            {state.quote && state.to ? formatSwapAmount(state.quote.toAmount, state.to.decimals) : '0'}
          </output>
          <TokenPick token={state.to} onClick={() => openSwapTokenPicker(portico, { side: 'to' })} testId="swap-to" />
        </div>
        <div className="row">
          <span className="hint" data-testid="swap-receive-fiat">
            {fiat(receiveUsd)}
          </span>
          <span className="hint" data-testid="swap-to-balance">
            {state.to ? t('send.balance', { amount: `${amount(toBalance ? toBalance.quantity.numeric : '0')} ${state.to.symbol}` }) : ''}
          </span>
        </div>
      </div>
      <dl className="swap-facts">
        <div className="row">
          <dt>{t('swap.rate')}</dt>
          <dd data-testid="swap-rate">{rate ?? '–'}</dd>
        </div>
        <div className="row">
          <dt>{t('common.networkFee')}</dt>
          <dd data-testid="swap-fee">{fee ? (fee.usd !== undefined ? `≈ ${usd(fee.usd)}` : `≈ ${amount(fee.amount, 6)} ${fee.symbol}`) : '–'}</dd>
        </div>
      </dl>
      {impactHigh && (
        <div className="swap-warning" role="alert" data-testid="swap-impact-warning">
          <WarningIcon />
          <span>{t('swap.impactWarning', { impact: state.quote!.priceImpact!.toFixed(2), limit: SWAP_PRICE_IMPACT_WARNING_PERCENT })}</span>
        </div>
      )}
      <div className="slippage" role="group" aria-label={t('swap.slippageTolerance')}>
        {t('swap.slippage')}
        {SLIPPAGES.map((value) => (
          <button type="button" key={value} aria-pressed={state.slippage === value} onClick={() => portico.stores.swap.setState({ slippage: value })}>
            {value} %
          </button>
        ))}
      </div>
      <button
        type="button"
        className={`button full${problem?.kind === 'insufficientBalance' ? ' problem-error' : ''}`}
        disabled={problem !== undefined}
        onClick={() => navigate(portico, { view: 'SwapPreview' })}
        data-testid="swap-continue"
      >
        {problem ? t(problem.key, problem.params) : t('swap.review')}
      </button>
    </div>
  )
}

function TokenPick({ token, onClick, testId }: { token: SwapToken | undefined; onClick: () => void; testId: string }) {
  const { t } = useI18n()
  return (
    <button type="button" className="token-pick" onClick={onClick} data-testid={testId}>
      {token ? (
        <>
          <TokenIcon src={token.logoUri} symbol={token.symbol} size={24} />
          {token.symbol}
        </>
      ) : (
        t('common.selectToken')
      )}
      <ChevronIcon />
    </button>
  )
}
