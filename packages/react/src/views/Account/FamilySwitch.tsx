import { ChainNamespaceNames, switchActiveNamespace, type ChainNamespace } from '@portico/core'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * With wallets of two chain families connected (an EVM and a Solana one), Account shows the
 * active family's account; this switch makes the other family active (its network and account).
 */
export function FamilySwitch() {
  const portico = usePortico()
  const { t } = useI18n()
  const active = usePorticoStore('network', (s) => s.activeNamespace)
  const connected = usePorticoStore('connections', (s) => s.activeConnectorIds)
  const families = (Object.keys(connected) as ChainNamespace[]).filter((ns) => portico.options.networks.some((n) => n.chainNamespace === ns))
  if (families.length < 2) return null
  return (
    <div className="tabs" role="group" aria-label={t('account.chainFamily')} data-testid="family-switch">
      {families.map((namespace) => (
        <button
          type="button"
          key={namespace}
          className="tab"
          aria-pressed={namespace === active}
          data-testid={`family-${namespace}`}
          onClick={() => namespace !== active && switchActiveNamespace(portico, namespace)}
        >
          {ChainNamespaceNames[namespace]}
        </button>
      ))}
    </div>
  )
}
