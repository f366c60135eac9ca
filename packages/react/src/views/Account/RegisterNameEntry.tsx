import { canRegisterName, fullName, navigate } from '@portico/core'
import { ChevronIcon } from '../../components/icons.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const css = `
.name-entry{display:flex;align-items:center;gap:10px;width:100%;margin:0 0 12px;padding:10px 12px;border-radius:var(--portico-radius-l);
  background:color-mix(in srgb,var(--portico-accent) 10%,var(--portico-color-bg-150));font-size:var(--portico-font-size-sm);font-weight:600}
.name-entry:hover{background:color-mix(in srgb,var(--portico-accent) 16%,var(--portico-color-bg-150))}
.name-entry .at{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;flex:none;
  background:var(--portico-accent-strong);color:#fff;font-weight:700}
.name-entry .main{flex:1;display:flex;flex-direction:column;gap:2px;text-align:start}
.name-entry .sub{font-size:var(--portico-font-size-xs);font-weight:500;color:var(--portico-color-fg-200)}
`

/** Account → RegisterAccountName, offered while the account has no name (core decides when). */
export function RegisterNameEntry() {
  const portico = usePortico()
  const { t } = useI18n()
  // Re-evaluate when the name or the network changes.
  usePorticoAccount()
  usePorticoStore('network', (s) => s.caipNetwork)
  if (!canRegisterName(portico)) return null
  return (
    <button type="button" className="name-entry" onClick={() => navigate(portico, { view: 'RegisterAccountName' })} data-testid="account-register-name">
      <Sheet css={css} />
      <span className="at" aria-hidden="true">
        @
      </span>
      <span className="main">
        {t('account.chooseName')}
        <span className="sub">{t('account.chooseNameHint', { suffix: fullName(portico, '') })}</span>
      </span>
      <ChevronIcon />
    </button>
  )
}
