import { fetchOnrampOptions, navigate, setPaymentCurrency } from '@portico/core'
import { useEffect } from 'react'
import { CheckIcon } from '../../components/icons.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { currencyName, FiatIcon } from '../OnRampProviders/FiatIcon.js'
import { onrampCss } from '../OnRampProviders/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/** SPEC §2 OnRampFiatSelect: the currency to pay with (SPEC §9: USD by default). */
export default function OnRampFiatSelect() {
  const portico = usePortico()
  const currencies = usePorticoStore('onramp', (s) => s.paymentCurrencies)
  const selected = usePorticoStore('onramp', (s) => s.paymentCurrency)
  const error = usePorticoStore('onramp', (s) => s.error)
  const { t, message, locale } = useI18n()
  useEffect(() => {
    if (portico.stores.onramp.getState().paymentCurrencies.length === 0) void fetchOnrampOptions(portico)
  }, [portico])

  return (
    <div className="onramp" data-testid="onramp-fiat-select">
      <Sheet css={onrampCss} />
      <p className="text intro">{t('onramp.fiatIntro')}</p>
      {currencies.length === 0 ? (
        error ? (
          <p className="empty error" role="alert">
            {message(error)}
          </p>
        ) : (
          <div className="center">
            <Spinner size={24} label={t('onramp.loadingCurrencies')} />
          </div>
        )
      ) : (
        <ul className="list" aria-label={t('onramp.currencies')}>
          {currencies.map((currency) => {
            const current = selected?.id === currency.id
            return (
              <li key={currency.id}>
                <button
                  type="button"
                  className="list-item"
                  aria-current={current}
                  onClick={() => {
                    setPaymentCurrency(portico, currency)
                    navigate(portico, { view: 'OnRampProviders' })
                  }}
                  data-testid={`onramp-fiat-${currency.id}`}
                >
                  <FiatIcon currency={currency.id} />
                  <span className="main">
                    {currency.id}
                    <span className="sub">{currencyName(currency.id, locale)}</span>
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
