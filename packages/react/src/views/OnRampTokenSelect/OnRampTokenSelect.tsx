import { fetchOnrampOptions, navigate, setPurchaseCurrency } from '@portico/core'
import { useEffect } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { TokenPickList } from '../../components/TokenPickList.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { onrampCss } from '../OnRampProviders/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/** SPEC §2 OnRampTokenSelect: the token to buy (SPEC §9: USDC by default). */
export default function OnRampTokenSelect() {
  const portico = usePortico()
  const currencies = usePorticoStore('onramp', (s) => s.purchaseCurrencies)
  const selected = usePorticoStore('onramp', (s) => s.purchaseCurrency)
  const error = usePorticoStore('onramp', (s) => s.error)
  const { t, message } = useI18n()
  const { tokenBalance } = usePorticoAccount()
  useEffect(() => {
    void fetchOnrampOptions(portico)
  }, [portico])

  return (
    <div className="onramp" data-testid="onramp-token-select">
      <Sheet css={onrampCss} />
      <p className="text intro">{t('onramp.tokenIntro')}</p>
      {currencies.length === 0 ? (
        error ? (
          <p className="empty error" role="alert">
            {message(error)}
          </p>
        ) : (
          <div className="center">
            <Spinner size={24} label={t('tokens.loading')} />
          </div>
        )
      ) : (
        <TokenPickList
          label={t('onramp.tokensToBuy')}
          check
          items={currencies.map((currency) => ({
            key: currency.id,
            token: currency,
            symbol: currency.symbol,
            iconUrl: tokenBalance?.find((t) => t.symbol === currency.symbol)?.iconUrl,
            title: currency.symbol,
            subtitle: currency.name,
            current: selected?.id === currency.id,
            testId: `onramp-token-${currency.symbol}`,
          }))}
          onPick={(currency) => {
            setPurchaseCurrency(portico, currency)
            navigate(portico, { view: 'OnRampFiatSelect' })
          }}
        />
      )}
    </div>
  )
}
