import { getAccountTypeSwitch, setPreferredAccountType, type GetAccountTypeSwitchReturnType } from '@portico/core'
import { useEffect, useState } from 'react'
import { embeddedCss } from '../../components/embedded/styles.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const css = `
.account-type{display:flex;align-items:center;gap:8px;margin:0 0 12px;padding:8px 12px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-sm);color:var(--portico-color-fg-200)}
.account-type .kind{flex:1;font-weight:600;color:var(--portico-color-fg-100)}
`

const LABELS = { eoa: 'account.typeEoa', smartAccount: 'account.typeSmart' } as const

/**
 * For the embedded wallet on EVM: the account type, and SPEC §4's switch only where it is allowed
 * (to smartAccount only on an enabled network from eoa; nothing while no network has smart accounts).
 */
export function AccountTypeRow() {
  const portico = usePortico()
  const { t } = useI18n()
  const activeNamespace = usePorticoStore('network', (s) => s.activeNamespace)
  const chainId = usePorticoStore('network', (s) => s.caipNetwork?.caipNetworkId)
  const connectorId = usePorticoStore('connections', (s) => s.activeConnectorIds.eip155)
  const preferred = usePorticoStore('account', (s) => s.byNamespace.eip155?.preferredAccountType)
  // A switch changes the address (EOA ↔ smart account) even where the stored type was already right.
  const address = usePorticoStore('account', (s) => s.byNamespace.eip155?.address)
  const loading = usePorticoStore('modal', (s) => s.loading)
  const [row, setRow] = useState<GetAccountTypeSwitchReturnType>()
  useEffect(() => {
    let live = true
    void getAccountTypeSwitch(portico).then((next) => live && setRow(next))
    return () => {
      live = false
    }
  }, [portico, chainId, connectorId, preferred, address])
  if (activeNamespace !== 'eip155' || !row) return null
  return (
    <div className="account-type" data-testid="account-type">
      <Sheet css={embeddedCss} />
      <Sheet css={css} />
      <span>{t('account.type')}</span>
      <span className="kind" data-testid="account-type-value">
        {t(LABELS[row.current])}
      </span>
      {row.switchTo && (
        <button
          type="button"
          className="link-button"
          disabled={loading}
          onClick={() => void setPreferredAccountType(portico, { type: row.switchTo! }).catch(() => {})}
          data-testid="account-type-switch"
        >
          {t(row.switchTo === 'smartAccount' ? 'account.switchToSmart' : 'account.switchToEoa')}
        </button>
      )}
    </div>
  )
}
