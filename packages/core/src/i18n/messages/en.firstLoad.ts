/** The English texts of the host page's button: the only catalogue part in a page's first load. */
export const enFirstLoad = {
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.reconnecting': 'Reconnecting…',
  'button.account': 'Account {address}',
} as const
