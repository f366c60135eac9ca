import { fetchOnrampOptions, navigate, setPurchaseCurrency } from '@portico/core'
import { useEffect } from 'react'
import { CheckIcon } from '../../components/icons.js'
import { Spinner } from '../../components/Spinner.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { onrampCss } from '../OnRampProviders/styles.js'
import { Sheet } from '../../styles/Sheet.js'

/** SPEC §2 OnRampTokenSelect: the token to buy (SPEC §9: USDC by default). */
export default function OnRampTokenSelect() {
  const portico = usePortico()
  const currencies = usePorticoStore('onramp', (s) => s.purchaseCurrencies)
  const selected = usePorticoStore('onramp', (s) => s.purchaseCurrency)
  const error = usePorticoStore('onramp', (s) => s.error)
  const { tokenBalance } = usePorticoAccount()
  useEffect(() => {
    void fetchOnrampOptions(portico)
  }, [portico])

  return (
    <div className="onramp" data-testid="onramp-token-select">
      <Sheet css={onrampCss} />
      <p className="text intro">Choose the token to buy. It arrives in your connected wallet.</p>
      {currencies.length === 0 ? (
        error ? (
          <p className="empty error" role="alert">{error}</p>
        ) : (
          <div className="center"><Spinner size={24} label="Loading tokens" /></div>
        )
      ) : (
        <ul className="list" aria-label="Tokens to buy">
          {currencies.map((currency) => {
            const current = selected?.id === currency.id
            const icon = tokenBalance?.find((t) => t.symbol === currency.symbol)?.iconUrl
            return (
              <li key={currency.id}>
                <button type="button"
                  className="list-item"
                  aria-current={current}
                  onClick={() => {
                    setPurchaseCurrency(portico, currency)
                    navigate(portico, 'OnRampFiatSelect')
                  }}
                  data-testid={`onramp-token-${currency.symbol}`}
                >
                  <TokenIcon src={icon} symbol={currency.symbol} />
                  <span className="main">
                    {currency.symbol}
                    <span className="sub">{currency.name}</span>
                  </span>
                  {current && <CheckIcon className="check" />}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
