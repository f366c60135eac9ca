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
  'SwapSelectToken',
  'SwapPreview',
  'UnsupportedChain',
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  'WalletReceive',
  // The social popup's waiting view (the Farcaster one is ConnectingFarcaster).
  'ConnectingSocial',
  // Custody (CUSTODY.md): the embedded wallet's factors, and the frame's own factor screens.
  'WalletSecurity',
  'EmbeddedFactor',
] as const
export type View = (typeof Views)[number]

/** The steps of a send; a finished send leaves them (SPEC §4 'Send'). */
export const SendViews: readonly View[] = ['WalletSend', 'WalletSendSelectToken', 'WalletSendPreview']

/** SPEC §2 'Footers'. */
export type Footer = 'legal' | 'default' | null
const LEGAL_FOOTER_VIEWS: readonly View[] = ['Connect', 'ConnectWallets', 'OnRampTokenSelect', 'OnRampFiatSelect', 'OnRampProviders']
export function footerFor(view: View): Footer {
  if (LEGAL_FOOTER_VIEWS.includes(view)) return 'legal'
  if (view === 'Networks') return 'default'
  return null
}
