import { errorDisplayText } from '../errors/display.js'
import type { WalletFactors } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import { authClient } from './updateEmail.js'

const CANCELLED = /cancel|abort/i

/**
 * WalletSecurity's 'Remove': the frame first asks for a fresh proof of a factor (passkey or
 * password, on its own screen); removing the last one hands recovery back to the mailbox.
 */
export async function removeWalletFactor(portico: Portico, { id }: { id: string }): Promise<WalletFactors | undefined> {
  const { embedded } = portico.stores
  const set = (patch: Partial<ReturnType<typeof embedded.getState>['security']>) =>
    embedded.setState({ security: { ...embedded.getState().security, ...patch } })
  set({ busy: id, error: undefined, notice: undefined })
  try {
    const client = await authClient(portico)
    const factors = await client.removeFactor(id)
    set({ busy: undefined, status: 'ready', factors, notice: factors.protected ? 'Removed' : 'Removed: your email alone opens the wallet again' })
    return factors
  } catch (error) {
    const text = errorDisplayText(error)
    set({ busy: undefined, error: CANCELLED.test(text) ? undefined : text })
    return undefined
  }
}
