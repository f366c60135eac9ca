import { shortenAddress, type WalletConnection } from '@portico/core'
import { Avatar } from '../../components/Avatar.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { useI18n } from '../../i18n/useI18n.js'

const TAGS = { connected: 'tag success', active: 'tag accent', disconnected: 'tag' } as const
const STATUS = { connected: 'wallets.connected', active: 'wallets.active', disconnected: 'wallets.disconnected' } as const

/** One wallet connection: its accounts (the current one marked), its status, and a tap to switch to it. */
export function ConnectionItem({ connection, onChoose }: { connection: WalletConnection; onChoose: (connection: WalletConnection, address?: string) => void }) {
  const { address: current } = usePorticoAccount()
  const { t } = useI18n()
  const name = connection.connector?.name ?? connection.connectorId
  const icon = connection.connector?.imageUrl ?? connection.connector?.info?.icon
  const accounts = connection.accounts.length ? connection.accounts : [undefined]
  return (
    <>
      {accounts.map((account) => {
        const isCurrent = connection.status === 'connected' && account?.address.toLowerCase() === current?.toLowerCase()
        return (
          <li key={account?.address ?? 'none'}>
            <button
              type="button"
              className="list-item"
              aria-current={isCurrent}
              disabled={isCurrent}
              onClick={() => onChoose(connection, account?.address)}
              data-testid={`connection-${connection.connectorId}`}
              data-status={connection.status}
            >
              {account ? <Avatar address={account.address} size={36} /> : icon ? <img src={icon} alt="" /> : <span className="wallet-image" />}
              <span className="name" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <span>{account ? shortenAddress(account.address) : name}</span>
                <span className="muted" style={{ fontSize: 12 }}>
                  {name}
                </span>
              </span>
              <span className={TAGS[connection.status]}>{t(STATUS[connection.status])}</span>
            </button>
          </li>
        )
      })}
    </>
  )
}
