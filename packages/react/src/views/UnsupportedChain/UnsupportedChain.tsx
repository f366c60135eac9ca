import { disconnect, selectNetwork } from '@portico/core'
import { NetworkImage } from '../../components/NetworkImage.js'
import { WarningIcon } from '../../components/icons.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The wallet is on a network this site does not support: switch to a configured one, or disconnect. */
export default function UnsupportedChain() {
  const portico = usePortico()
  const { t } = useI18n()
  const { namespace } = usePorticoAccount()
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const choices = networks.filter((n) => n.chainNamespace === namespace)
  return (
    <div data-testid="unsupported-chain">
      <div className="center">
        <span className="wallet-image" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 56, height: 56 }}>
          <WarningIcon width={28} height={28} className="error" />
        </span>
        <p className="title">{t('unsupported.title')}</p>
        <p className="text">{t('unsupported.text')}</p>
      </div>
      <ul className="list" aria-label={t('unsupported.list')} style={{ marginTop: 12 }}>
        {choices.map((network) => (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="list-item"
              data-testid={`network-${network.caipNetworkId}`}
              onClick={() => void selectNetwork(portico, { caipNetworkId: network.caipNetworkId }).catch(() => {})}
            >
              <NetworkImage network={network} size={32} />
              <span className="name">{network.name}</span>
              {network.testnet && <span className="tag">{t('common.testnet')}</span>}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button secondary full"
        style={{ marginTop: 12 }}
        onClick={() => void disconnect(portico).catch(() => {})}
        data-testid="disconnect"
      >
        {t('common.disconnect')}
      </button>
    </div>
  )
}
