import { errorDisplayText, errorKeyOf } from '../errors/display.js'
import type { WalletFactorKind, WalletFactors } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import { authClient } from './internal/authClient.js'

const CANCELLED = /cancel|abort/i

export interface AddWalletFactorParameters {
  /** The factor to add (a passkey, …). */
  kind: WalletFactorKind
}
export type AddWalletFactorReturnType = WalletFactors | undefined
export type AddWalletFactorErrorType = never

/**
 * WalletSecurity's 'Add a passkey' / 'Set a password': the frame draws its own screen (the
 * WebAuthn ceremony on the secure origin, or its own password input) and protects the wallet.
 * This page never sees the passkey's output or the password.
 */
export async function addWalletFactor(portico: Portico, { kind }: AddWalletFactorParameters): Promise<AddWalletFactorReturnType> {
  const { embedded } = portico.stores
  const set = (patch: Partial<ReturnType<typeof embedded.getState>['security']>) =>
    embedded.setState({ security: { ...embedded.getState().security, ...patch } })
  set({ busy: kind, error: undefined, notice: undefined })
  try {
    const client = await authClient(portico)
    const factors = await client.addFactor(kind)
    set({
      busy: undefined,
      status: 'ready',
      factors,
      notice: { key: kind === 'passkey' ? 'security.passkeyAdded' : 'security.passwordAdded' },
    })
    return factors
  } catch (error) {
    // The frame's own text says the user left its screen: no error to show.
    set({ busy: undefined, error: CANCELLED.test(errorDisplayText(error)) ? undefined : errorKeyOf(error) })
    return undefined
  }
}
