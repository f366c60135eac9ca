import type { EmbeddedAccountType, EmbeddedWalletClient } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import { getAccount } from '../stores/account.js'
import { getActiveConnectorId } from '../stores/connections.js'
import { embeddedAccountType } from './internal/connectEmbeddedUser.js'
import { isAuthConnector } from './signOutEmbedded.js'

export interface GetAccountTypeSwitchReturnType {
  /** The embedded wallet's eip155 account type, as connected (the stored preference where the frame does not say). */
  current: EmbeddedAccountType
  /** What SPEC §4 lets the user switch to here, if anything. */
  switchTo?: EmbeddedAccountType
}
export type GetAccountTypeSwitchErrorType = never

// The server's list changes with the project's configuration, not within a page: read once per client.
const enabledLists = new WeakMap<EmbeddedWalletClient, Promise<number[]>>()

/**
 * The account-type row of Account for the embedded wallet (undefined for any other connection).
 * SPEC §4: switching to smartAccount only when smart accounts are enabled on the active network and
 * the current type is eoa; while no network is smart-account-enabled there is nothing to switch.
 */
export async function getAccountTypeSwitch(portico: Portico): Promise<GetAccountTypeSwitchReturnType | undefined> {
  if (!portico.options.embeddedWallet || !isAuthConnector(getActiveConnectorId(portico, 'eip155'))) return undefined
  const account = getAccount(portico, 'eip155')
  if (!account.address) return undefined
  const client = await portico.embeddedWalletClient?.catch(() => undefined)
  const current = (embeddedAccountType(client?.user(), account.address) ?? account.preferredAccountType) === 'smartAccount' ? 'smartAccount' : 'eoa'
  if (!client) return { current }
  let enabled = enabledLists.get(client)
  if (!enabled) {
    enabled = client.getSmartAccountEnabledNetworks().catch(() => [])
    enabledLists.set(client, enabled)
  }
  const networks = await enabled
  const chainId = Number(portico.stores.network.getState().caipNetwork?.id)
  if (networks.length === 0) return { current }
  if (current === 'eoa') return networks.includes(chainId) ? { current, switchTo: 'smartAccount' } : { current }
  return { current, switchTo: 'eoa' }
}
