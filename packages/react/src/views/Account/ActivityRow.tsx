import { describeTransaction, type Transaction } from '@portico/core'
import { ArrowDownLeftIcon, ArrowUpRightIcon } from '../../components/icons.js'
import { TokenIcon } from '../../components/TokenIcon.js'

/** One transaction: direction, token icon or NFT image, Sent/Received, amount, counterparty, time. */
export function ActivityRow({ transaction, address }: { transaction: Transaction; address: string }) {
  const row = describeTransaction(transaction, address)
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
          {row.label}
          {row.failed && <span className="error"> · Failed</span>}
        </span>
        <span className="secondary">
          {row.direction === 'out' ? 'To' : 'From'} {row.counterparty}
        </span>
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
          <time dateTime={row.minedAt.toISOString()}>{row.minedAt.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}</time>
        </span>
      </span>
    </li>
  )
}
