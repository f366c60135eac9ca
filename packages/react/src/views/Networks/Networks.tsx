import { ChainNamespaceNames, groupNetworksByNamespace, selectNetwork, type CaipNetwork } from '@portico/core'
import { useMemo } from 'react'
import { NetworkImage } from '../../components/NetworkImage.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §2 Networks: choose a network. With networks of several chain families, each family is a
 * group under its name, marked when a wallet of it is connected.
 */
export default function Networks() {
  const portico = usePortico()
  const { t } = useI18n()
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const current = usePorticoStore('network', (s) => s.caipNetwork?.caipNetworkId)
  const unsupported = usePorticoStore('network', (s) => s.unsupported)
  const connected = usePorticoStore('connections', (s) => s.activeConnectorIds)
  const groups = useMemo(() => groupNetworksByNamespace(networks), [networks])
  const item = (network: CaipNetwork) => {
    const active = network.caipNetworkId === current && !unsupported
    return (
      <li key={network.caipNetworkId}>
        <button
          type="button"
          className="list-item"
          aria-current={active}
          data-testid={`network-${network.caipNetworkId}`}
          onClick={() => void selectNetwork(portico, { caipNetworkId: network.caipNetworkId }).catch(() => {})}
        >
          <NetworkImage network={network} size={32} />
          <span className="name">{network.name}</span>
          {active && <span className="tag success">{t('networks.active')}</span>}
          {network.testnet && <span className="tag">{t('common.testnet')}</span>}
        </button>
      </li>
    )
  }
  if (groups.length < 2)
    return (
      <ul className="list" aria-label={t('common.networks')}>
        {networks.map(item)}
      </ul>
    )
  return (
    <div className="network-groups">
      {groups.map(({ namespace, networks: list }) => (
        <section key={namespace} aria-labelledby={`networks-${namespace}`} data-testid={`networks-${namespace}`}>
          <h3 className="group-heading" id={`networks-${namespace}`}>
            <span>{ChainNamespaceNames[namespace]}</span>
            {connected[namespace] && <span className="tag success">{t('networks.connected')}</span>}
          </h3>
          <ul className="list" aria-label={t('networks.ofFamily', { family: ChainNamespaceNames[namespace] })}>
            {list.map(item)}
          </ul>
        </section>
      ))}
    </div>
  )
}
