/** SPEC §2 'Views': the modal is a stack of these named views. */
export const Views = [
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
] as const
export type View = (typeof Views)[number]

/** SPEC §2 'Footers'. */
export type Footer = 'legal' | 'default' | null
const LEGAL_FOOTER_VIEWS: readonly View[] = [
  'Connect',
  'ConnectWallets',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'OnRampProviders',
]
export function footerFor(view: View): Footer {
  if (LEGAL_FOOTER_VIEWS.includes(view)) return 'legal'
  if (view === 'Networks') return 'default'
  return null
}
