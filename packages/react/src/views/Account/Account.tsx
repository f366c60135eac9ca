import { disconnect, push, shortenAddress, showSnack, truncateDecimals } from '@portico/core'
import { useState } from 'react'
import { Avatar } from '../../components/Avatar.js'
import { ChevronIcon, CopyIcon, DisconnectIcon, WarningIcon } from '../../components/icons.js'
import { NetworkImage } from '../../components/NetworkImage.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'

/** SPEC §2 Account: address, native balance (truncated to 3 decimals), network, disconnect. */
export default function Account() {
  const portico = usePortico()
  const account = usePorticoAccount()
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const unsupported = usePorticoStore('network', (s) => s.unsupported)
  const [disconnecting, setDisconnecting] = useState(false)
  if (!account.address) return null
  const address = account.address

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      showSnack(portico, { message: 'Address copied', variant: 'success' })
    } catch {
      showSnack(portico, { message: 'Could not copy the address', variant: 'error' })
    }
  }
  const onDisconnect = async () => {
    setDisconnecting(true)
    try {
      await disconnect(portico)
    } catch (error) {
      showSnack(portico, { message: (error as { shortMessage?: string }).shortMessage ?? 'Failed to disconnect', variant: 'error' })
      setDisconnecting(false)
    }
  }

  return (
    <div data-testid="account-view">
      <div className="center">
        <Avatar address={address} image={account.profileImage} />
        <button className="title" onClick={copy} aria-label={`Copy address ${address}`} data-testid="account-address"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {account.profileName ?? shortenAddress(address)}
          <CopyIcon />
        </button>
        <p className="balance" data-testid="account-balance" aria-live="polite">
          {account.balanceLoading && account.balance === undefined ? (
            <Spinner size={14} label="Loading balance" />
          ) : account.balance !== undefined ? (
            `${truncateDecimals(account.balance)} ${account.balanceSymbol ?? ''}`
          ) : account.balanceError ? (
            <span className="error">Balance unavailable</span>
          ) : null}
        </p>
      </div>
      <ul className="list">
        <li>
          <button className="list-item" onClick={() => push(portico.stores.router, 'Networks')} data-testid="account-network">
            {unsupported ? <WarningIcon width={24} height={24} className="error" /> : <NetworkImage network={caipNetwork} size={32} />}
            <span className="name">
              {unsupported ? <span className="error">Unsupported network</span> : caipNetwork?.name}
            </span>
            <ChevronIcon />
          </button>
        </li>
        <li>
          <button className="list-item" onClick={onDisconnect} disabled={disconnecting} data-testid="disconnect">
            <span className="wallet-image" style={{ width: 32, height: 32, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
              {disconnecting ? <Spinner size={16} /> : <DisconnectIcon />}
            </span>
            <span className="name">Disconnect</span>
          </button>
        </li>
      </ul>
    </div>
  )
}
