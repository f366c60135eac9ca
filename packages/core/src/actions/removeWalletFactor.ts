import { errorDisplayText, errorKeyOf } from '../errors/display.js'
import type { WalletFactors } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import { authClient } from './internal/authClient.js'

const CANCELLED = /cancel|abort/i

export interface RemoveWalletFactorParameters {
  /** The factor to remove. */
  id: string
}
export type RemoveWalletFactorReturnType = WalletFactors | undefined
export type RemoveWalletFactorErrorType = never

/**
 * WalletSecurity's 'Remove': the frame first asks for a fresh proof of a factor (passkey or
 * password, on its own screen); removing the last one hands recovery back to the mailbox.
 */
export async function removeWalletFactor(portico: Portico, { id }: RemoveWalletFactorParameters): Promise<RemoveWalletFactorReturnType> {
  const { embedded } = portico.stores
  const set = (patch: Partial<ReturnType<typeof embedded.getState>['security']>) =>
    embedded.setState({ security: { ...embedded.getState().security, ...patch } })
  set({ busy: id, error: undefined, notice: undefined })
  try {
    const client = await authClient(portico)
    const factors = await client.removeFactor(id)
    set({ busy: undefined, status: 'ready', factors, notice: { key: factors.protected ? 'security.removed' : 'security.removedUnprotected' } })
    return factors
  } catch (error) {
    // The frame's own text says the user left its screen: no error to show.
    set({ busy: undefined, error: CANCELLED.test(errorDisplayText(error)) ? undefined : errorKeyOf(error) })
    return undefined
  }
}
