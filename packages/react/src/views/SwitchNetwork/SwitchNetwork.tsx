import { selectNetwork, type CaipNetworkId } from '@portico/core'
import { NetworkImage } from '../../components/NetworkImage.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** SPEC §2 SwitchNetwork: follow the wallet's network switch; a failure shows with a retry. */
export default function SwitchNetwork() {
  const portico = usePortico()
  const { t, message } = useI18n()
  const caipNetworkId = usePorticoStore('router', (s) => s.data?.caipNetworkId) as CaipNetworkId | undefined
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const switching = usePorticoStore('network', (s) => s.switching)
  const error = usePorticoStore('network', (s) => s.switchError)
  const target = networks.find((n) => n.caipNetworkId === caipNetworkId)
  return (
    <div className="center" data-testid="switch-network">
      <span className={`ring${error && !switching ? ' error' : ''}`}>
        <NetworkImage network={target} size={72} />
      </span>
      {error && !switching ? (
        <>
          <p className="title error" role="alert" data-testid="switch-error">
            {message(error)}
          </p>
          <p className="text">{t('switch.failed', { network: target?.name ?? '' })}</p>
          <button type="button" className="button" onClick={() => caipNetworkId && void selectNetwork(portico, { caipNetworkId })}>
            {t('common.tryAgain')}
          </button>
        </>
      ) : (
        <>
          <p className="title">{t('common.approveInWallet')}</p>
          <p className="text">{t('switch.accept', { network: target?.name ?? '' })}</p>
        </>
      )}
    </div>
  )
}
