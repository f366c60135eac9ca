import { errorKeyOf } from '../errors/display.js'
import type { WalletFactors } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import { authClient } from './internal/authClient.js'

export type FetchWalletFactorsReturnType = WalletFactors | undefined
export type FetchWalletFactorsErrorType = never

/**
 * WalletSecurity: the passkeys and passwords that protect the embedded wallet. Without one,
 * whoever controls the mailbox (or the social account) can open the wallet on a new device.
 */
export async function fetchWalletFactors(portico: Portico): Promise<WalletFactors | undefined> {
  const { embedded } = portico.stores
  const security = embedded.getState().security
  embedded.setState({ security: { ...security, status: security.factors ? 'ready' : 'loading', error: undefined } })
  try {
    const client = await authClient(portico)
    const factors = await client.getFactors()
    embedded.setState({ security: { ...embedded.getState().security, status: 'ready', factors } })
    return factors
  } catch (error) {
    embedded.setState({ security: { ...embedded.getState().security, status: 'error', error: errorKeyOf(error) } })
    return undefined
  }
}
