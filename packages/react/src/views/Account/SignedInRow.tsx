import { isAuthConnector, loginDisplayName, readLoginCache, updateEmail } from '@portico/core'
import { embeddedCss } from '../../components/embedded/styles.js'
import { MailIcon, SocialIcon } from '../../components/embedded/SocialIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/** For an email or social login: who is signed in (SPEC §5 display rules) and, for email, a way to change it. */
export function SignedInRow() {
  const portico = usePortico()
  const { t } = useI18n()
  const activeNamespace = usePorticoStore('network', (s) => s.activeNamespace)
  const connectorId = usePorticoStore('connections', (s) => s.activeConnectorIds[activeNamespace])
  usePorticoStore('connections', (s) => s.connections)
  if (!isAuthConnector(connectorId)) return null
  const cache = readLoginCache(portico.storage)
  const name = loginDisplayName(cache)
  if (!name) return null
  return (
    <div className="signed-in" data-testid="account-signed-in">
      <Sheet css={embeddedCss} />
      {cache.connectedSocial ? <SocialIcon provider={cache.connectedSocial} /> : <MailIcon />}
      <span className="who" title={cache.email ?? cache.socialUsername}>
        {name}
      </span>
      {cache.email && !cache.connectedSocial && (
        <button type="button" className="link-button" onClick={() => void updateEmail(portico).catch(() => {})} data-testid="account-update-email">
          {t('account.change')}
        </button>
      )}
    </div>
  )
}
