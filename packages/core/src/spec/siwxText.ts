/** The sign-in (SIWX) texts core raises. */
export const SiwxText = {
  notEnabled: 'SIWX is not enabled',
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  noActiveCaipNetwork: 'No ActiveCaipNetwork or client found',
  noConnectionClient: 'No ConnectionController client found',
  errorSigning: 'Error signing message',
  initFailed: 'A problem occurred while trying initialize authentication',
  authenticating: 'Authenticating...',
  emailRequired: 'Please enter a valid email address',
} as const
