import type { Portico } from '../portico.js'

export const AccountTabs = ['tokens', 'nfts', 'activity'] as const
export type AccountTab = (typeof AccountTabs)[number]

export type GetAccountTabsReturnType = AccountTab[]
export type GetAccountTabsErrorType = never

/** SPEC §2 Account tabs Tokens, NFTs and Activity; SPEC §6: Activity only with the activity feature on. */
export function getAccountTabs(portico: Portico): GetAccountTabsReturnType {
  const { activity } = portico.stores.project.getState().remoteFeatures
  return AccountTabs.filter((tab) => tab !== 'activity' || activity)
}
