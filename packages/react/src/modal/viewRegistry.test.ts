import { Views } from '@portico/core'
import { en } from '@portico/core/i18n'
import { expect, test } from 'vitest'
import { views } from './viewRegistry.js'

// SPEC §2 'Views', as the spec lists them, plus 'A Swap view and an unsupported-chain view also exist'.
const SPEC_VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'SwitchNetwork',
  'SwitchActiveChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'DataCapture',
  'SIWXSignMessage',
  'ApproveTransaction',
  'ConnectWallets',
  'Networks',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'OnRampProviders',
  'Swap',
  'UnsupportedChain',
]

test('SPEC §2 Views: every view of the spec has an entry with a component', () => {
  for (const view of SPEC_VIEWS) {
    expect(views, view).toHaveProperty(view)
    expect(views[view as keyof typeof views].component, view).toBeTruthy()
  }
})

test('every view core can route to has an entry, and no entry names a view core does not know', () => {
  expect(Object.keys(views).sort()).toEqual([...Views].sort())
})

test('titles: the header of the views that show one', () => {
  const titles = Object.fromEntries(Object.entries(views).flatMap(([view, entry]) => (entry.title ? [[view, en[entry.title]]] : [])))
  expect(titles).toMatchObject({ Connect: 'Connect Wallet', Networks: 'Choose Network', AllWallets: 'All Wallets', WalletSend: 'Send', Swap: 'Swap' })
  expect(views.Account.title).toBeUndefined()
})
