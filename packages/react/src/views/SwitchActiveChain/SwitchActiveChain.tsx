import { ChainNamespaceNames, switchActiveChain, type CaipNetworkId } from '@portico/core'
import { NetworkImage } from '../../components/NetworkImage.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §2 SwitchActiveChain: the chosen network belongs to a chain family that has no wallet yet.
 * The connected wallet stays; the user can connect one of that family beside it.
 */
export default function SwitchActiveChain() {
  const portico = usePortico()
  const { t } = useI18n()
  const caipNetworkId = usePorticoStore('router', (s) => s.data?.caipNetworkId) as CaipNetworkId | undefined
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const activeNamespace = usePorticoStore('network', (s) => s.activeNamespace)
  const target = networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!target) return null
  const family = ChainNamespaceNames[target.chainNamespace]
  return (
    <div className="center" data-testid="switch-active-chain">
      {/* No ring: nothing is pending until the user chooses to connect. */}
      <NetworkImage network={target} size={72} />
      <p className="title">{t('switchChain.title', { family })}</p>
      <p className="text">{t('switchChain.text', { active: ChainNamespaceNames[activeNamespace], network: target.name, family })}</p>
      <button
        type="button"
        className="button"
        data-testid="switch-active-chain-connect"
        onClick={() => switchActiveChain(portico, { caipNetworkId: target.caipNetworkId })}
      >
        {t('switchChain.connect', { family })}
      </button>
    </div>
  )
}
