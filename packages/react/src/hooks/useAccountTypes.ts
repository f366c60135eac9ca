import { getAccountTypes, type GetAccountTypesReturnType } from '@portico/core'
import { usePortico } from '../context.js'
import { shallowEqual, usePorticoSelector } from './usePorticoSelector.js'

/** Core's getAccountTypes for the active family (a Bitcoin wallet's payment and ordinal addresses), re-rendering when they or the address in use change. */
export function useAccountTypes(): GetAccountTypesReturnType {
  const portico = usePortico()
  // Core builds the answer anew on each read: the subscription compares what it is made of.
  usePorticoSelector((p) => {
    const types = getAccountTypes(p)
    return types
      ? { current: types.current, defaultType: types.defaultType, accounts: types.accounts.map((a) => `${a.type}:${a.address}`).join(' ') }
      : undefined
  }, shallowEqual)
  return getAccountTypes(portico)
}
