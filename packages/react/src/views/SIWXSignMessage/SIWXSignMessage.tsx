import { cancelSiwx, shortenAddress, signInWithWallet } from '@portico/core'
import { useState } from 'react'
import { Avatar } from '../../components/Avatar.js'
import { NetworkImage } from '../../components/NetworkImage.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { DappIcon } from './DappIcon.js'
import { siwxCss } from './styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §4 'Wallet sign-in': the host asks the account to sign its sign-in message. Sign and
 * cancel are core's; while sign-in is required and unsigned, core keeps the modal open.
 */
export default function SIWXSignMessage() {
  const portico = usePortico()
  const { t } = useI18n()
  const { address } = usePorticoAccount()
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const status = usePorticoStore('siwx', (s) => s.status)
  const error = usePorticoStore('siwx', (s) => s.error)
  const [cancelling, setCancelling] = useState(false)
  const required = portico.siwx?.getRequired?.() ?? false
  const dapp = portico.options.metadata
  const name = dapp?.name ?? t('common.thisSite')
  const signing = status === 'signing'
  if (!address) return null

  const sign = () => void signInWithWallet(portico).catch(() => {})
  const cancel = async () => {
    setCancelling(true)
    try {
      await cancelSiwx(portico)
    } finally {
      setCancelling(false)
    }
  }

  return (
    <div className="siwx" data-testid="siwx-sign-message">
      <Sheet css={siwxCss} />
      <div className="siwx-pair">
        <DappIcon name={name} icon={dapp?.icons[0]} />
        <Avatar address={address} size={64} />
      </div>
      <p className="title">{t('siwx.title', { name })}</p>
      <p className="text">
        {t('siwx.text')}
        {required ? t('siwx.cancelDisconnects') : ''}
      </p>
      <span className="siwx-account" data-testid="siwx-account">
        <NetworkImage network={caipNetwork} size={22} />
        {shortenAddress(address)}
        {caipNetwork && <span className="muted">· {caipNetwork.name}</span>}
      </span>
      <p
        className={`siwx-status${status === 'error' ? ' error' : ' muted'}`}
        role={status === 'error' ? 'alert' : undefined}
        aria-live="polite"
        data-testid="siwx-status"
      >
        {signing ? t('siwx.approve') : status === 'error' && error ? t(error.key, error.params) : ''}
      </p>
      <div className="siwx-actions">
        <button type="button" className="button secondary" onClick={() => void cancel()} disabled={signing || cancelling} data-testid="siwx-cancel">
          {cancelling ? <Spinner size={14} /> : null}
          {t('common.cancel')}
        </button>
        <button type="button" className="button" onClick={sign} disabled={signing || cancelling} aria-busy={signing} data-testid="siwx-sign">
          {signing ? (
            <>
              <Spinner size={14} />
              {t('common.signing')}
            </>
          ) : (
            t('common.sign')
          )}
        </button>
      </div>
    </div>
  )
}
