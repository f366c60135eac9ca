import { describeTransaction, type Transaction } from '@portico/core'
import type { MessageKey } from '@portico/core/i18n'
import { ArrowDownLeftIcon, ArrowUpRightIcon } from '../../components/icons.js'
import { TokenIcon } from '../../components/TokenIcon.js'
import { useI18n } from '../../i18n/useI18n.js'

/** Core's English labels of a transaction, as message keys. */
const LABELS: Record<string, MessageKey> = {
  Sent: 'activity.Sent',
  Received: 'activity.Received',
  Minted: 'activity.Minted',
  Burned: 'activity.Burned',
  Swapped: 'activity.Swapped',
  Executed: 'activity.Executed',
}

/** One transaction: direction, token icon or NFT image, Sent/Received, amount, counterparty, the network fee where the server gives it, time. */
export function ActivityRow({ transaction, address }: { transaction: Transaction; address: string }) {
  const row = describeTransaction(transaction, address)
  const { t, time } = useI18n()
  const label = LABELS[row.label]
  const symbol = row.amount.split(' ').at(-1) ?? '?'
  return (
    <li className="asset" data-testid="activity-row" data-direction={row.direction}>
      <span className="tx-icon">
        {row.isNft && row.image ? <img className="nft-thumb" src={row.image} alt="" /> : <TokenIcon src={row.image} symbol={symbol} />}
        <span className={`direction ${row.direction}`} aria-hidden="true">
          {row.direction === 'out' ? <ArrowUpRightIcon /> : <ArrowDownLeftIcon />}
        </span>
      </span>
      <span className="main">
        <span className="primary">
          {label ? t(label) : row.label}
          {row.failed && <span className="error"> · {t('activity.failed')}</span>}
        </span>
        <span className="secondary">
          {t(row.direction === 'out' ? 'common.to' : 'common.from')} {row.counterparty}
        </span>
        {row.fee && (
          <span className="secondary" data-testid="activity-fee">
            {t('activity.networkFee', { fee: row.fee })}
          </span>
        )}
      </span>
      <span className="end">
        <span className="primary" data-testid="activity-amount">
          {row.direction === 'out' && !row.isNft ? '−' : ''}
          {row.amount}
        </span>
        {row.received && (
          <span className="secondary" data-testid="activity-received">
            +{row.received}
          </span>
        )}
        <span className="secondary">
          <time dateTime={row.minedAt.toISOString()}>{time(row.minedAt)}</time>
        </span>
      </span>
    </li>
  )
}
