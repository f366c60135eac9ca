import { shortenAddress } from '@portico/core'
import { Avatar } from '../../components/Avatar.js'
import { usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** Who receives: the resolved name and avatar when there is one, and the address. */
export function ReceiverSummary() {
  const address = usePorticoStore('send', (s) => s.receiverAddress)
  const name = usePorticoStore('send', (s) => s.receiverProfileName)
  const image = usePorticoStore('send', (s) => s.receiverProfileImageUrl)
  const { t } = useI18n()
  if (!address) return null
  return (
    <div className="field">
      <span className="label">{t('common.to')}</span>
      <span className="receiver-card" data-testid="preview-receiver">
        <Avatar address={address} image={image} size={36} />
        <span className="main">
          <span className="primary">{name ?? shortenAddress(address)}</span>
          <span className="hint">{shortenAddress(address, 10, 8)}</span>
        </span>
      </span>
    </div>
  )
}
