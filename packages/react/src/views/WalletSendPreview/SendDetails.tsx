import { formatUsd, truncateDecimals } from '@portico/core'
import { NetworkImage } from '../../components/NetworkImage.js'
import { usePorticoStore } from '../../context.js'

/** The network and the network fee estimate. */
export function SendDetails({ estimated }: { estimated: boolean }) {
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const fee = usePorticoStore('send', (s) => s.fee)
  return (
    <dl className="details">
      <div className="row">
        <dt>Network</dt>
        <dd className="row">
          <NetworkImage network={caipNetwork} size={18} /> {caipNetwork?.name}
        </dd>
      </div>
      <div className="row">
        <dt>Network fee</dt>
        <dd data-testid="preview-fee">
          {fee
            ? `${fee.amount.startsWith('0.000000') ? '< 0.000001' : `~${truncateDecimals(fee.amount, 6)}`} ${fee.symbol}${fee.usd !== undefined ? ` (${formatUsd(fee.usd)})` : ''}`
            : estimated
              ? 'Unavailable'
              : 'Estimating…'}
        </dd>
      </div>
    </dl>
  )
}
