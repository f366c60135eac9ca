import { addWalletFactor, readLoginCache, removeWalletFactor, type WalletFactors } from '@portico/core'
import { embeddedCss } from '../../components/embedded/styles.js'
import { KeyIcon, PasskeyIcon, ShieldIcon } from '../../components/embedded/securityIcons.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const css = `
.security{display:flex;flex-direction:column;gap:12px;padding:4px 0 2px}
.security-status{display:flex;gap:12px;align-items:flex-start;padding:12px 14px;border-radius:var(--portico-radius-l);text-align:start;
  font-size:var(--portico-font-size-sm);line-height:1.45;border:1px solid var(--portico-color-border);background:var(--portico-color-bg-150)}
.security-status svg{width:22px;height:22px;flex:none;margin-top:1px}
.security-status.weak{border-color:color-mix(in srgb,#f59e0b 55%,transparent);background:color-mix(in srgb,#f59e0b 10%,var(--portico-color-bg-150))}
.security-status.weak svg{color:#d97706}
.security-status.strong svg{color:var(--portico-color-success-100,#16a34a)}
.security-status strong{display:block;margin-bottom:2px;color:var(--portico-color-fg-100)}
.security-status span{color:var(--portico-color-fg-200)}
.factor-list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
.factor-item{display:flex;align-items:center;gap:12px;padding:10px 12px;border-radius:var(--portico-radius-l);background:var(--portico-color-bg-150);text-align:start}
.factor-item > svg{width:22px;height:22px;flex:none;color:var(--portico-color-fg-200)}
.factor-item .what{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px;font-size:var(--portico-font-size-sm);font-weight:600}
.factor-item .when{font-size:var(--portico-font-size-xs);font-weight:500;color:var(--portico-color-fg-200)}
.add-factors{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.add-factor{display:flex;flex-direction:column;align-items:center;gap:6px;padding:14px 10px;border-radius:var(--portico-radius-l);
  background:var(--portico-color-bg-150);border:1px solid var(--portico-color-border);font-size:var(--portico-font-size-sm);font-weight:600;color:var(--portico-color-fg-100)}
.add-factor:hover:not([disabled]){background:var(--portico-color-bg-200)}
.add-factor[disabled]{opacity:.55;cursor:default}
.add-factor svg{width:24px;height:24px;color:var(--portico-accent)}
.add-factor .hint{font-size:var(--portico-font-size-xs);font-weight:500;color:var(--portico-color-fg-200)}
.security-notice{margin:0;font-size:var(--portico-font-size-xs);color:var(--portico-color-success-100,#16a34a);text-align:center}
.security-foot{margin:0;font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-300);line-height:1.45;text-align:start}
@media (max-width:430px){.add-factors{grid-template-columns:1fr}}
`

/**
 * WalletSecurity (Account → Wallet security): whether a passkey or a password protects the
 * embedded wallet, and adding or removing one. The ceremony and the password input happen in the
 * secure frame (EmbeddedFactor shows it); this view only shows kinds and dates.
 */
export default function WalletSecurity() {
  const portico = usePortico()
  const security = usePorticoStore('embedded', (s) => s.security)
  const { factors, status, busy, error, notice } = security
  const social = readLoginCache(portico.storage).connectedSocial
  const { t, message, day } = useI18n()
  const dateOf = (iso: string) => day(new Date(iso))
  if (status === 'loading' && !factors)
    return (
      <div className="embedded-step" data-testid="wallet-security">
        <Sheet css={embeddedCss} />
        <Spinner size={28} label={t('security.loading')} />
      </div>
    )
  return (
    <div className="security" data-testid="wallet-security">
      <Sheet css={embeddedCss + css} />
      <Status factors={factors} social={Boolean(social)} />
      {factors && factors.factors.length > 0 && (
        <ul className="factor-list" aria-label={t('security.factors')}>
          {factors.factors.map((f) => (
            <li className="factor-item" key={f.id} data-testid={`factor-${f.kind}`}>
              {f.kind === 'passkey' ? <PasskeyIcon /> : <KeyIcon />}
              <span className="what">
                {t(f.kind === 'passkey' ? 'security.passkey' : 'security.password')}
                <span className="when">
                  {t('security.added', { date: dateOf(f.createdAt) })}
                  {f.lastUsedAt ? t('security.used', { date: dateOf(f.lastUsedAt) }) : ''}
                </span>
              </span>
              <button
                type="button"
                className="link-button"
                disabled={busy !== undefined}
                aria-disabled={busy !== undefined}
                onClick={() => void removeWalletFactor(portico, { id: f.id })}
                data-testid={`factor-remove-${f.kind}`}
              >
                {busy === f.id ? <Spinner size={14} label={t('security.removing')} /> : t('security.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="add-factors">
        <button
          type="button"
          className="add-factor"
          disabled={busy !== undefined}
          onClick={() => void addWalletFactor(portico, { kind: 'passkey' })}
          data-testid="security-add-passkey"
        >
          {busy === 'passkey' ? <Spinner size={24} label={t('security.addingPasskey')} /> : <PasskeyIcon />}
          {t('security.addPasskey')}
          <span className="hint">{t('security.passkeyHint')}</span>
        </button>
        <button
          type="button"
          className="add-factor"
          disabled={busy !== undefined || factors?.factors.some((f) => f.kind === 'password')}
          onClick={() => void addWalletFactor(portico, { kind: 'password' })}
          data-testid="security-add-password"
        >
          {busy === 'password' ? <Spinner size={24} label={t('security.settingPassword')} /> : <KeyIcon />}
          {t(factors?.factors.some((f) => f.kind === 'password') ? 'security.passwordSet' : 'security.setPassword')}
          <span className="hint">{t('security.passwordHint')}</span>
        </button>
      </div>
      <p className="field-error" role={error ? 'alert' : undefined} data-testid="security-error">
        {error ? message(error) : ''}
      </p>
      {notice && (
        <p className="security-notice" role="status" data-testid="security-notice">
          {message(notice)}
        </p>
      )}
      <p className="security-foot">{t('security.foot')}</p>
    </div>
  )
}

function Status({ factors, social }: { factors: WalletFactors | undefined; social: boolean }) {
  const { t } = useI18n()
  if (factors?.protected)
    return (
      <div className="security-status strong" data-testid="security-status" data-protected="true">
        <ShieldIcon />
        <div>
          <strong>{t('security.protected')}</strong>
          <span>{t(social ? 'security.protectedTextSocial' : 'security.protectedTextEmail')}</span>
        </div>
      </div>
    )
  return (
    <div className="security-status weak" data-testid="security-status" data-protected="false">
      <ShieldIcon />
      <div>
        <strong>{t(social ? 'security.weakSocial' : 'security.weakEmail')}</strong>
        <span>{t(social ? 'security.weakTextSocial' : 'security.weakTextEmail')}</span>
      </div>
    </div>
  )
}
