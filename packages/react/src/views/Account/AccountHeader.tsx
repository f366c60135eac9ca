import { shortenAddress, totalBalanceUsd } from '@portico/core'
import { Avatar } from '../../components/Avatar.js'
import { CopyButton } from '../../components/CopyButton.js'
import { CopyIcon } from '../../components/icons.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { useI18n } from '../../i18n/useI18n.js'

/** Avatar and name (identity), the address with copy, the total in USD and the native balance. */
export function AccountHeader() {
  const account = usePorticoAccount()
  const { t, amount, usd } = useI18n()
  const address = account.address!
  const total = account.tokenBalance ? totalBalanceUsd(account.tokenBalance) : undefined
  return (
    <div className="account-head">
      <Avatar address={address} image={account.profileImage} size={64} />
      <CopyButton
        text={address}
        label={t('account.copyAddress', { name: account.profileName ?? shortenAddress(address) })}
        className="account-name"
        testId="account-address"
      >
        <span data-testid="account-name">{account.profileName ?? shortenAddress(address)}</span>
        <CopyIcon />
      </CopyButton>
      {account.profileName && <span className="account-sub">{shortenAddress(address)}</span>}
      {total !== undefined && (
        <p className="account-total" data-testid="account-total">
          {usd(total)}
        </p>
      )}
      <p className="balance" data-testid="account-balance" aria-live="polite">
        {account.balanceLoading && account.balance === undefined ? (
          <Spinner size={14} label={t('account.loadingBalance')} />
        ) : account.balance !== undefined ? (
          `${amount(account.balance)} ${account.balanceSymbol ?? ''}`
        ) : account.balanceError ? (
          <span className="error">{t('account.balanceUnavailable')}</span>
        ) : null}
      </p>
    </div>
  )
}
