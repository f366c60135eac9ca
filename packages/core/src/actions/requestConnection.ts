import type { ChainNamespace } from '../spec/caip.js'
import { ModalClosedError } from '../errors/flow.js'
import type { Portico } from '../portico.js'
import { openModal } from './openModal.js'
import { readAccount, type WatchedAccount } from './readAccount.js'

export interface RequestConnectionParameters {
  namespace?: ChainNamespace
}

export type RequestConnectionReturnType = Promise<WatchedAccount>

export type RequestConnectionErrorType = ModalClosedError

/**
 * Asks the visitor to connect: opens the modal on Connect and resolves with the account once a
 * wallet is connected by any method (browser wallet, WalletConnect, email or social). Closing
 * the modal first rejects with 'Modal closed'. Resolves at once when already connected.
 */
export function requestConnection(portico: Portico, { namespace = 'eip155' }: RequestConnectionParameters = {}): RequestConnectionReturnType {
  const current = readAccount(portico, { namespace })
  if (current.isConnected) return Promise.resolve(current)
  return new Promise((resolve, reject) => {
    const { account, modal } = portico.stores
    const stops: Array<() => void> = []
    const settle = () => stops.forEach((stop) => stop())
    stops.push(
      account.subscribe(() => {
        const next = readAccount(portico, { namespace })
        if (!next.isConnected) return
        settle()
        resolve(next)
      }),
      modal.subscribe((state, before) => {
        if (state.open || !before.open || readAccount(portico, { namespace }).isConnected) return
        settle()
        reject(new ModalClosedError())
      }),
    )
    openModal(portico, { namespace })
  })
}
