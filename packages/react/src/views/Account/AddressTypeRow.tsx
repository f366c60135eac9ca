import { errorDisplayMessage, selectAccountType, showSnack, type AccountType } from '@portico/core'
import { AccountTypeLabels } from '../../components/accountTypeLabels.js'
import { RadioGroup } from '../../components/RadioGroup.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useAccountTypes } from '../../hooks/useAccountTypes.js'
import { useI18n } from '../../i18n/useI18n.js'
import { Sheet } from '../../styles/Sheet.js'

const css = `
.address-type{display:flex;align-items:center;gap:10px;margin:0 0 12px;font-size:var(--portico-font-size-sm);color:var(--portico-color-fg-200)}
.address-type .radio-group{flex:1}
.address-type .radio{padding:6px 10px;font-weight:600}
`

/**
 * SPEC §3 Bitcoin accounts: where the connection holds addresses of distinct types (payment at index 0,
 * ordinal at index 1), the type of the address in use and a switch between them (core's selectAccountType,
 * the path ProfileWallets' account list takes). Nothing for a connection of one type (EVM, Solana).
 */
export function AddressTypeRow() {
  const portico = usePortico()
  const { t } = useI18n()
  const types = useAccountTypes()
  const loading = usePorticoStore('modal', (s) => s.loading)
  if (!types) return null
  const choose = (type: AccountType) =>
    void selectAccountType(portico, { type }).catch((error) => showSnack(portico, { message: errorDisplayMessage(error), variant: 'error' }))
  return (
    <div className="address-type" data-testid="address-type">
      <Sheet css={css} />
      <span aria-hidden="true">{t('account.addressType')}</span>
      <RadioGroup
        label={t('account.addressType')}
        value={types.current}
        onChange={choose}
        disabled={loading}
        testId="address-types"
        options={types.accounts.map(({ type }) => ({ value: type, testId: `address-type-${type}`, children: t(AccountTypeLabels[type]) }))}
      />
    </div>
  )
}
