import type { ChainNamespace } from '../spec/caip.js'
import { PorticoError } from '../errors/base.js'
import { errorMessage } from '../i18n/message.js'
import type { EmbeddedAccountType } from '../embedded/types.js'
import { writePreferredAccountType } from '../embedded/loginCache.js'
import type { Portico } from '../portico.js'
import { connectAuthConnector, embeddedAccountType } from './internal/connectEmbeddedUser.js'
import { getAccount, setAccount } from '../stores/account.js'
import { authClient } from './internal/authClient.js'

export interface SetPreferredAccountTypeParameters {
  type: EmbeddedAccountType
  namespace?: ChainNamespace
}

export type SetPreferredAccountTypeReturnType = void
export type SetPreferredAccountTypeErrorType = PorticoError

/**
 * SPEC §4 'Preferred account type change': set loading, update the auth connector, store the
 * choice, reconnect, clear loading. Switching to smartAccount is allowed only when smart
 * accounts are enabled (on the active network) and the current type is eoa.
 */
export async function setPreferredAccountType(portico: Portico, { type, namespace = 'eip155' }: SetPreferredAccountTypeParameters) {
  const { modal, network } = portico.stores
  const client = await authClient(portico)
  const account = getAccount(portico, namespace)
  const current = embeddedAccountType(client.user(), account.address) ?? account.preferredAccountType ?? 'eoa'
  if (current === type) return
  if (type === 'smartAccount') {
    const caipNetwork = network.getState().caipNetwork
    const enabled = await client.getSmartAccountEnabledNetworks()
    if (current !== 'eoa' || !caipNetwork || !enabled.includes(Number(caipNetwork.id))) throw new PorticoError(errorMessage('smartAccountUnavailable'))
  }
  modal.setState({ loading: true })
  try {
    await client.setPreferredAccount(type)
    writePreferredAccountType(portico.storage, namespace, type)
    await connectAuthConnector(portico, [namespace], client.user())
    setAccount(portico, namespace, { preferredAccountType: type })
  } finally {
    modal.setState({ loading: false })
  }
}
