import { selectSwapToken, swapTokenBalance, type SwapToken, type TokenBalance } from '@portico/core'
import { useState } from 'react'
import { TokenIcon } from '../../components/TokenIcon.js'
import { TokenPickList } from '../../components/TokenPickList.js'
import { usePortico } from '../../context.js'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { sendCss } from '../WalletSend/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const css = `.swap-section{margin:4px 0 0;font-size:var(--portico-font-size-xs);font-weight:600;color:var(--portico-color-fg-200)}`

/**
 * Swap: choose a token — search, the server's suggested tokens as chips, then the user's tokens
 * (with balances), the server's popular tokens, and the rest of the chain's list; a search looks
 * through all of them.
 */
export default function SwapSelectToken() {
  const portico = usePortico()
  const { t } = useI18n()
  const {
    tokens = [],
    popular,
    suggested,
  } = usePorticoSelector((p) => {
    const { tokens, popular, suggested } = p.stores.swap.getState()
    return { tokens, popular, suggested }
  }, shallowEqual)
  const { tokenBalance } = usePorticoAccount()
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const matching = tokens.filter(
    (t) => !needle || t.symbol.toLowerCase().includes(needle) || t.name.toLowerCase().includes(needle) || t.address.toLowerCase().endsWith(needle),
  )
  const held = (t: SwapToken) => Number(swapTokenBalance(t, tokenBalance)?.quantity.numeric ?? 0) > 0
  const yours = matching.filter(held)
  const popularShown = popular.filter((t) => matching.includes(t) && !held(t))
  const others = matching.filter((t) => !held(t) && !popular.includes(t))
  return (
    <div className="send" data-testid="swap-token-picker">
      <Sheet css={sendCss + css} />
      <input
        className="input"
        type="search"
        placeholder={t('swap.searchToken')}
        aria-label={t('swap.searchToken')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="swap-token-search"
      />
      <div role="group" aria-label={t('swap.suggested')} style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }} data-testid="swap-suggested">
        {suggested.map((t) => (
          <button type="button" key={t.address} className="token-pick" onClick={() => selectSwapToken(portico, { token: t })}>
            <TokenIcon src={t.logoUri} symbol={t.symbol} size={20} />
            {t.symbol}
          </button>
        ))}
      </div>
      {matching.length === 0 && <div className="empty">{t('swap.noMatch', { query })}</div>}
      <TokenSection title={t('swap.yourTokens')} tokens={yours} balances={tokenBalance} testId="swap-yours" />
      <TokenSection title={t('swap.popularTokens')} tokens={popularShown} balances={tokenBalance} testId="swap-popular" />
      <TokenSection
        title={t(yours.length + popularShown.length ? 'swap.moreTokens' : 'common.tokens')}
        tokens={others}
        balances={tokenBalance}
        testId="swap-others"
      />
    </div>
  )
}

function TokenSection({
  title,
  tokens,
  balances,
  testId,
}: {
  title: string
  tokens: SwapToken[]
  balances: readonly TokenBalance[] | undefined
  testId: string
}) {
  const portico = usePortico()
  const { amount } = useI18n()
  if (tokens.length === 0) return null
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="swap-section">{title}</h3>
      <TokenPickList
        label={title}
        items={tokens.map((t) => {
          const balance = swapTokenBalance(t, balances)
          return {
            key: t.address,
            token: t,
            symbol: t.symbol,
            iconUrl: t.logoUri,
            title: t.name,
            end: (
              <span>
                {balance ? `${amount(balance.quantity.numeric)} ` : ''}
                {t.symbol}
              </span>
            ),
            testId: `swap-token-${t.symbol}`,
          }
        })}
        onPick={(t) => selectSwapToken(portico, { token: t })}
      />
    </section>
  )
}
