import { canSwitchNetwork, disconnect, errorDisplayMessage, navigate, showSnack } from '@portico/core'
import { useState } from 'react'
import { ChevronIcon, DisconnectIcon, WalletIcon, WarningIcon } from '../../components/icons.js'
import { NetworkImage } from '../../components/NetworkImage.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'
import { usePorticoSelector } from '../../hooks/usePorticoSelector.js'

const iconBox = { width: 32, height: 32, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' } as const

/** The network (to switch, unless the host turned network switching off), the wallets (ProfileWallets) and Disconnect. */
export function AccountActions() {
  const portico = usePortico()
  const { t } = useI18n()
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const unsupported = usePorticoStore('network', (s) => s.unsupported)
  const switchable = usePorticoSelector(canSwitchNetwork)
  const [disconnecting, setDisconnecting] = useState(false)
  const onDisconnect = async () => {
    setDisconnecting(true)
    try {
      await disconnect(portico)
    } catch (error) {
      showSnack(portico, { message: errorDisplayMessage(error), variant: 'error' })
      setDisconnecting(false)
    }
  }
  return (
    <ul className="list account-actions">
      <li>
        {switchable ? (
          <button type="button" className="list-item" onClick={() => navigate(portico, { view: 'Networks' })} data-testid="account-network">
            {unsupported ? <WarningIcon width={24} height={24} className="error" /> : <NetworkImage network={caipNetwork} size={32} />}
            <span className="name">{unsupported ? <span className="error">{t('account.unsupportedNetwork')}</span> : caipNetwork?.name}</span>
            <ChevronIcon />
          </button>
        ) : (
          // enableNetworkSwitch off: the network is shown, not offered.
          <div className="list-item" data-testid="account-network-fixed">
            <NetworkImage network={caipNetwork} size={32} />
            <span className="name">{caipNetwork?.name}</span>
          </div>
        )}
      </li>
      <li>
        <button type="button" className="list-item" onClick={() => navigate(portico, { view: 'ProfileWallets' })} data-testid="account-wallets">
          <span className="wallet-image" style={iconBox}>
            <WalletIcon />
          </span>
          <span className="name">{t('account.wallets')}</span>
          <ChevronIcon />
        </button>
      </li>
      <li>
        <button type="button" className="list-item" onClick={onDisconnect} disabled={disconnecting} data-testid="disconnect">
          <span className="wallet-image" style={iconBox}>
            {disconnecting ? <Spinner size={16} /> : <DisconnectIcon />}
          </span>
          <span className="name">{t('common.disconnect')}</span>
        </button>
      </li>
    </ul>
  )
}
