import { selectSwapToken, swapTokenBalance, truncateDecimals, SWAP_SUGGESTED_SYMBOLS } from '@portico/core'
import { useState } from 'react'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { sendCss } from '../WalletSend/styles.js'

/** Swap: choose a token — search, the suggested ones as chips, then the list with the user's tokens (and balances) first. */
export default function SwapSelectToken() {
  const portico = usePortico()
  const tokens = usePorticoStore('swap', (s) => s.tokens) ?? []
  const { tokenBalance } = usePorticoAccount()
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const matching = tokens.filter((t) => !needle || t.symbol.toLowerCase().includes(needle) || t.name.toLowerCase().includes(needle) || t.address.toLowerCase().endsWith(needle))
  const held = (t: (typeof tokens)[number]) => Number(swapTokenBalance(t, tokenBalance)?.quantity.numeric ?? 0) > 0
  const ordered = [...matching.filter(held), ...matching.filter((t) => !held(t))]
  const suggested = tokens.filter((t) => (SWAP_SUGGESTED_SYMBOLS as readonly string[]).includes(t.symbol))
  return (
    <div className="send" data-testid="swap-token-picker">
      <style>{sendCss}</style>
      <input className="input" type="search" placeholder="Search token" aria-label="Search token" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="swap-token-search" />
      <div role="group" aria-label="Suggested tokens" style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {suggested.map((t) => (
          <button key={t.address} className="token-pick" onClick={() => selectSwapToken(portico, t)}>
            <TokenIcon src={t.logoUri} symbol={t.symbol} size={20} />{t.symbol}
          </button>
        ))}
      </div>
      {ordered.length === 0 ? (
        <div className="empty">No token matches “{query}”</div>
      ) : (
        <ul className="list" aria-label="Tokens">
          {ordered.map((t) => {
            const balance = swapTokenBalance(t, tokenBalance)
            return (
              <li key={t.address}>
                <button className="list-item token-row" onClick={() => selectSwapToken(portico, t)} data-testid={`swap-token-${t.symbol}`}>
                  <TokenIcon src={t.logoUri} symbol={t.symbol} />
                  <span className="name">{t.name}</span>
                  <span className="end"><span>{balance ? `${truncateDecimals(balance.quantity.numeric)} ` : ''}{t.symbol}</span></span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
