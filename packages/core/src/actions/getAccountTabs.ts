import type { Portico } from '../portico.js'
import { chainFamily } from '../spec/families/index.js'

export const AccountTabs = ['tokens', 'nfts', 'activity'] as const
export type AccountTab = (typeof AccountTabs)[number]

export type GetAccountTabsReturnType = AccountTab[]
export type GetAccountTabsErrorType = never

/**
 * SPEC §2 Account tabs Tokens, NFTs and Activity; SPEC §6: Activity only with the activity feature on. NFTs only on
 * a family whose NFTs Portico reads (its record's `nfts`), Activity only on one whose history the server serves.
 */
export function getAccountTabs(portico: Portico): GetAccountTabsReturnType {
  const { activity } = portico.stores.project.getState().remoteFeatures
  const family = chainFamily(portico.stores.network.getState().activeNamespace)
  return AccountTabs.filter((tab) => (tab === 'nfts' ? family?.nfts !== false : tab === 'activity' ? activity && family?.activity !== false : true))
}
