import { fetchWalletFactors, isAuthConnector, openWalletSecurity } from '@portico/core'
import { useEffect } from 'react'
import { ChevronIcon } from '../../components/icons.js'
import { ShieldIcon } from '../../components/embedded/securityIcons.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const css = `
.security-entry{display:flex;align-items:center;gap:10px;width:100%;margin:0 0 12px;padding:10px 12px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-sm);font-weight:600;color:var(--portico-color-fg-100)}
.security-entry:hover{background:var(--portico-color-bg-200)}
.security-entry .badge{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;flex:none;
  background:color-mix(in srgb,var(--portico-accent) 16%,transparent);color:var(--portico-accent-text)}
.security-entry .badge svg{width:18px;height:18px}
.security-entry .main{flex:1;display:flex;flex-direction:column;gap:2px;text-align:start;min-width:0}
.security-entry .sub{font-size:var(--portico-font-size-xs);font-weight:500;color:var(--portico-color-fg-200)}
`

/** Account → WalletSecurity, for an email or social login: protect the wallet with a passkey or password. */
export function SecurityEntry() {
  const portico = usePortico()
  const { t } = useI18n()
  const activeNamespace = usePorticoStore('network', (s) => s.activeNamespace)
  const connectorId = usePorticoStore('connections', (s) => s.activeConnectorIds[activeNamespace])
  const factors = usePorticoStore('embedded', (s) => s.security.factors)
  const auth = isAuthConnector(connectorId)
  useEffect(() => {
    if (auth) void fetchWalletFactors(portico)
  }, [portico, auth])
  if (!auth) return null
  const sub = !factors
    ? t('account.securityOptions')
    : factors.protected
      ? t('account.protectedBy', {
          factors: factors.factors
            .map((f) => t(f.kind === 'passkey' ? 'account.aPasskey' : 'account.aPassword'))
            .filter((v, i, a) => a.indexOf(v) === i)
            .join(t('account.factorsAnd')),
        })
      : t('account.unprotected')
  return (
    <button type="button" className="security-entry" onClick={() => void openWalletSecurity(portico)} data-testid="account-security">
      <Sheet css={css} />
      <span className="badge">
        <ShieldIcon />
      </span>
      <span className="main">
        {t('account.security')}
        <span className="sub">{sub}</span>
      </span>
      <ChevronIcon />
    </button>
  )
}
