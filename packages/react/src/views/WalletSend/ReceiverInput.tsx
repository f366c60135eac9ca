import { shortenAddress, typeReceiver } from '@portico/core'
import { Avatar } from '../../components/Avatar.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** An address, or a name (alice.portico.id, ENS) resolved after a pause in typing; shows the resolved name and avatar. */
export function ReceiverInput() {
  const portico = usePortico()
  const { t } = useI18n()
  const input = usePorticoStore('send', (s) => s.receiverInput)
  const address = usePorticoStore('send', (s) => s.receiverAddress)
  const name = usePorticoStore('send', (s) => s.receiverProfileName)
  const image = usePorticoStore('send', (s) => s.receiverProfileImageUrl)
  const resolving = usePorticoStore('send', (s) => s.receiverResolving)
  const error = usePorticoStore('send', (s) => s.receiverError)
  return (
    <div className="field">
      <label htmlFor="send-receiver">{t('common.to')}</label>
      <input
        id="send-receiver"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('send.addressOrName')}
        value={input}
        onChange={(event) => typeReceiver(portico, { input: event.target.value })}
        aria-invalid={error !== undefined}
        aria-describedby="send-receiver-status"
        data-testid="send-receiver"
      />
      <div id="send-receiver-status" aria-live="polite">
        {resolving ? (
          <span className="hint">
            <Spinner size={12} /> {t('send.resolving')}
          </span>
        ) : error ? (
          <span className="hint error" data-testid="receiver-error">
            {t(error.key, error.params)}
          </span>
        ) : address && (name || address !== input.trim()) ? (
          <span className="receiver-card" data-testid="receiver-resolved">
            <Avatar address={address} image={image} size={28} />
            <span className="main">
              <span className="primary">{name ?? shortenAddress(address)}</span>
              <span className="hint">{shortenAddress(address)}</span>
            </span>
          </span>
        ) : null}
      </div>
    </div>
  )
}
