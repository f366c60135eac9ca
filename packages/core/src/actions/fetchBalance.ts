import type { Balances } from '../api/schemas.js'
import type { ChainNamespace } from '../spec/caip.js'
import { Time } from '../spec/defaults.js'
import { ErrorText } from '../spec/catalogue.js'
import { errorDisplayText } from '../errors/display.js'
import type { CaipNetwork } from '../networks.js'
import type { Portico } from '../portico.js'
import { formatUnits } from '../utils/format.js'
import { getAccount, setAccount } from '../stores/account.js'
import { showSnack } from './showSnack.js'

export type { Balances } from '../api/schemas.js'

/**
 * Reads the active account's balances on the active network: from the Portico server when one
 * is configured (native and tokens, cached 30 s), else the native balance through the adapter.
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
    showSnack(portico, { message: ErrorText.tokenBalanceUnavailable, variant: 'error' })
    return
  }
  if (account.balanceFailedAt !== undefined && portico.clock.now() - account.balanceFailedAt < Time.balanceRetryGapMs) return

  const cacheId = `${caipNetwork.caipNetworkId}:${address.toLowerCase()}`
  const cached = force ? undefined : portico.cache.get<Balances>(portico.api ? 'portfolio' : 'nativeBalance', cacheId)
  if (cached) return apply(portico, ns, cached)

  setAccount(portico, ns, { balanceLoading: true, balanceError: undefined })
  try {
    const balances = portico.api
      ? await (await import('../api/balances.js')).fromServer(portico, address, caipNetwork)
      : await fromAdapter(portico, ns, address, caipNetwork)
    // The account or network may have changed while the request was in flight.
    if (getAccount(portico, ns).address !== address) return
    if (portico.stores.network.getState().caipNetwork?.caipNetworkId !== caipNetwork.caipNetworkId) return
    portico.cache.set(portico.api ? 'portfolio' : 'nativeBalance', cacheId, balances)
    apply(portico, ns, balances)
  } catch (error) {
    portico.logger.error('balance fetch failed', error)
    // The balances shown so far may be another network's: none is better than wrong ones.
    setAccount(portico, ns, {
      balance: undefined,
      tokenBalance: undefined,
      balanceLoading: false,
      balanceError: errorDisplayText(error),
      balanceFailedAt: portico.clock.now(),
    })
    showSnack(portico, { message: ErrorText.tokenBalanceUnavailable, variant: 'error' })
  }
}

function apply(portico: Portico, ns: ChainNamespace, { native, tokens }: Balances) {
  setAccount(portico, ns, {
    balance: native.balance,
    balanceSymbol: native.symbol,
    tokenBalance: tokens,
    balanceLoading: false,
    balanceError: undefined,
    balanceFailedAt: undefined,
  })
}

async function fromAdapter(portico: Portico, ns: ChainNamespace, address: string, caipNetwork: CaipNetwork): Promise<Balances> {
  const adapter = portico.adapters.get(ns)
  if (!adapter) throw new Error(`No adapter for ${ns}`)
  const connectorId = portico.stores.connections.getState().activeConnectorIds[ns]
  const balance = await adapter.getBalance({ address, caipNetwork, connectorId })
  return { native: { balance: formatUnits(BigInt(balance.value), balance.decimals), symbol: balance.symbol }, tokens: [] }
}
