import { NetworkImage } from '../../components/NetworkImage.js'
import { usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'
import { feeText } from './feeText.js'

/** The network and the network fee estimate. */
export function SendDetails({ estimated }: { estimated: boolean }) {
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const fee = usePorticoStore('send', (s) => s.fee)
  const { t, amount, usd } = useI18n()
  return (
    <dl className="details">
      <div className="row">
        <dt>{t('common.network')}</dt>
        <dd className="row">
          <NetworkImage network={caipNetwork} size={18} /> {caipNetwork?.name}
        </dd>
      </div>
      <div className="row">
        <dt>{t('common.networkFee')}</dt>
        <dd data-testid="preview-fee">
          {fee ? feeText(fee, caipNetwork?.nativeCurrency.decimals ?? 18, { amount, usd }) : estimated ? t('common.unavailable') : t('common.estimating')}
        </dd>
      </div>
    </dl>
  )
}
