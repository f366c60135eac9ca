import type { Balances } from '../api/schemas.js'
import type { ChainNamespace } from '../spec/caip.js'
import { Time } from '../spec/defaults.js'
import { errorKeyOf } from '../errors/display.js'
import { errorMessage } from '../i18n/message.js'
import type { CaipNetwork } from '../networks.js'
import type { Portico } from '../portico.js'
import { getAccount, setAccount } from '../stores/account.js'
import { showSnack } from './showSnack.js'
import { withHostToken } from './internal/withHostToken.js'

export type { Balances } from '../api/schemas.js'

export type FetchBalanceReturnType = void
export type FetchBalanceErrorType = never

/**
 * Reads the active account's balances on the active network (api/readBalances.ts, loaded with the
 * first read): the wallet's own assets where it advertises assetDiscovery (SPEC §7), else the
 * Portico server's when one is configured (native and tokens), else the native balance through
 * the adapter; cached 30 s.
 * SPEC §8: a failure (or an unsupported network) shows 'Token Balance Unavailable', and a retry
 * is blocked for 30 s after a failure.
 */
export async function fetchBalance(portico: Portico, namespace?: ChainNamespace, { force = false } = {}) {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  const { caipNetwork, unsupported } = portico.stores.network.getState()
  const account = getAccount(portico, ns)
  const { address } = account
  if (!address || !caipNetwork || caipNetwork.chainNamespace !== ns) return
  if (unsupported) {
    showSnack(portico, { message: errorMessage('tokenBalanceUnavailable'), variant: 'error' })
    return
  }
  if (account.balanceFailedAt !== undefined && portico.clock.now() - account.balanceFailedAt < Time.balanceRetryGapMs) return

  const cacheId = `${caipNetwork.caipNetworkId}:${address.toLowerCase()}`
  const cached = force ? undefined : portico.cache.get<Balances>(portico.api ? 'portfolio' : 'nativeBalance', cacheId)
  if (cached) return apply(portico, ns, caipNetwork, cached)

  setAccount(portico, ns, { balanceLoading: true, balanceError: undefined })
  try {
    const balances = await (await import('../api/readBalances.js')).readBalances(portico, ns, address, caipNetwork)
    // The account or network may have changed while the request was in flight.
    if (getAccount(portico, ns).address !== address) return
    if (portico.stores.network.getState().caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId) return
    portico.cache.set(portico.api ? 'portfolio' : 'nativeBalance', cacheId, balances)
    apply(portico, ns, caipNetwork, balances)
  } catch (error) {
    portico.logger.error('balance fetch failed', error)
    // The balances shown so far may be another network's: none is better than wrong ones.
    setAccount(portico, ns, {
      balance: undefined,
      tokenBalance: undefined,
      balanceLoading: false,
      balanceError: errorKeyOf(error),
      balanceFailedAt: portico.clock.now(),
    })
    showSnack(portico, { message: errorMessage('tokenBalanceUnavailable'), variant: 'error' })
  }
}

function apply(portico: Portico, ns: ChainNamespace, caipNetwork: CaipNetwork, balances: Balances) {
  const { balance, symbol, tokens } = withHostToken(portico, caipNetwork, balances)
  setAccount(portico, ns, {
    balance,
    balanceSymbol: symbol,
    tokenBalance: tokens,
    balanceLoading: false,
    balanceError: undefined,
    balanceFailedAt: undefined,
  })
}
