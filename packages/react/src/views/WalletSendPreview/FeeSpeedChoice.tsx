import { FeeSpeeds, selectFeeSpeed, type FeeSpeed } from '@portico/core'
import { RadioGroup } from '../../components/RadioGroup.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'
import { feeText } from './feeText.js'

const LABELS = { slow: 'send.feeSlow', normal: 'send.feeNormal', fast: 'send.feeFast' } as const

/**
 * SPEC §5 network fee choice, only where the network has fee rates (Bitcoin): slow, normal and fast,
 * each with its rate in sat/vB and, once estimated, its fee in BTC and USD.
 */
export function FeeSpeedChoice() {
  const portico = usePortico()
  const { t, amount, usd } = useI18n()
  const rates = usePorticoStore('send', (s) => s.feeRates)
  const speed = usePorticoStore('send', (s) => s.feeSpeed ?? 'normal')
  const fees = usePorticoStore('send', (s) => s.feesBySpeed)
  const loading = usePorticoStore('send', (s) => s.loading)
  const decimals = usePorticoStore('network', (s) => s.caipNetwork?.nativeCurrency.decimals ?? 8)
  if (!rates) return null
  const options = FeeSpeeds.map((value: FeeSpeed) => {
    const fee = fees?.[value]
    return {
      value,
      testId: `fee-speed-${value}`,
      children: (
        <>
          <span className="fee-name">
            {t(LABELS[value])} <span className="hint">{t('send.feeRate', { rate: String(rates[value]) })}</span>
          </span>
          <span className="sr-only">, </span>
          <span className="hint" data-testid={`fee-speed-${value}-fee`}>
            {fee ? feeText(fee, decimals, { amount, usd }) : t('common.estimating')}
          </span>
        </>
      ),
    }
  })
  return (
    <div className="field">
      <span className="label" aria-hidden="true">
        {t('send.feeSpeed')}
      </span>
      <RadioGroup
        label={t('send.feeSpeed')}
        options={options}
        value={speed}
        onChange={(next) => selectFeeSpeed(portico, { speed: next })}
        disabled={loading}
        stacked
        testId="fee-speeds"
      />
    </div>
  )
}
