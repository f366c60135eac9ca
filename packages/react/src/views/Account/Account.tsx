import { fetchBalance, fetchIdentity } from '@portico/core'
import { useEffect } from 'react'
import { usePortico } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { AccountActions } from './AccountActions.js'
import { AccountHeader } from './AccountHeader.js'
import { FamilySwitch } from './FamilySwitch.js'
import { AccountTabs } from './AccountTabs.js'
import { accountCss } from './styles.js'
import { WalletFeatures } from './WalletFeatures.js'
import { RegisterNameEntry } from './RegisterNameEntry.js'
import { SignedInRow } from './SignedInRow.js'
import { SecurityEntry } from './SecurityEntry.js'
import { AccountTypeRow } from './AccountTypeRow.js'
import { AddressTypeRow } from './AddressTypeRow.js'
import { Sheet } from '../../styles/Sheet.js'

/** SPEC §2 Account: identity, address, balances, the wallet features, and tabs Tokens, NFTs and Activity. */
export default function Account() {
  const portico = usePortico()
  const { address } = usePorticoAccount()
  useEffect(() => {
    if (!address) return
    void fetchIdentity(portico)
    void fetchBalance(portico)
  }, [portico, address])
  if (!address) return null
  return (
    <div data-testid="account-view">
      <Sheet css={accountCss} />
      <FamilySwitch />
      <AccountHeader />
      <SignedInRow />
      <SecurityEntry />
      <AccountTypeRow />
      <AddressTypeRow />
      <WalletFeatures />
      <RegisterNameEntry />
      <AccountTabs />
      <AccountActions />
    </div>
  )
}
