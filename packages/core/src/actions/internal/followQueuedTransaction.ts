import type { ChainAdapter } from '../../adapter.js'
import { PorticoError } from '../../errors/base.js'
import type { CaipNetwork } from '../../networks.js'
import type { Portico } from '../../portico.js'
import { errorMessage } from '../../i18n/message.js'
import type { ChainNamespace } from '../../spec/caip.js'
import { StorageKeys } from '../../storage.js'
import { fetchBalance } from '../fetchBalance.js'
import { refreshActivity } from './refreshActivity.js'
import { showSnack } from '../showSnack.js'

/** A transaction a wallet queued for more approvals (a multi-signer Safe): its own id, where, through which connector. */
export interface QueuedTransaction {
  hash: string
  caipNetworkId: string
  connectorId: string
  queuedAt: number
}

/** At most this many are remembered (the oldest go first); a queue the Safe never executes is forgotten after 30 days. */
const KEPT = 20
const KEPT_MS = 30 * 24 * 60 * 60 * 1000

const remembered = (portico: Portico) =>
  portico.storage.read<QueuedTransaction[]>(StorageKeys.queuedTransactions, []).filter((q) => portico.clock.now() - q.queuedAt < KEPT_MS)

const forget = (portico: Portico, hash: string) =>
  portico.storage.write(
    StorageKeys.queuedTransactions,
    remembered(portico).filter((q) => q.hash !== hash),
  )

export type FollowQueuedTransactionParameters = { adapter: ChainAdapter; caipNetwork: CaipNetwork; hash: string; connectorId: string }

/**
 * Follows a queued transaction until the wallet executes it: 'Transaction sent' once executed and mined,
 * 'Transaction failed' if dropped or reverted. It is remembered in storage meanwhile, so a reload (the
 * page reopened in the Safe) goes on following it (resumeQueuedTransactions).
 */
export async function followQueuedTransaction(portico: Portico, { adapter, caipNetwork, hash, connectorId }: FollowQueuedTransactionParameters) {
  const others = remembered(portico).filter((q) => q.hash !== hash)
  const entry: QueuedTransaction = { hash, caipNetworkId: caipNetwork.caipNetworkId, connectorId, queuedAt: portico.clock.now() }
  portico.storage.write(StorageKeys.queuedTransactions, [...others, entry].slice(-KEPT))
  try {
    const receipt = await adapter.waitForTransaction?.({ hash, caipNetwork, queuedBy: connectorId })
    if (!receipt) return
    forget(portico, hash)
    if (receipt.status === 'reverted') throw new PorticoError(errorMessage('transactionFailed'), { details: receipt.hash ?? hash, category: 'API_ERROR' })
    showSnack(portico, { message: errorMessage('transactionSent'), variant: 'success' })
    void fetchBalance(portico, caipNetwork.chainNamespace, { force: true })
    void refreshActivity(portico, { hash: receipt.hash ?? hash })
  } catch (error) {
    portico.logger.error('queued transaction', error)
    forget(portico, hash)
    showSnack(portico, { message: errorMessage('transactionFailed'), variant: 'error' })
  }
}

/** After a reload: goes on following the remembered queued transactions of the connector that queued them. */
export function resumeQueuedTransactions(portico: Portico, namespace: ChainNamespace, connectorId: string) {
  const adapter = portico.adapters.get(namespace)
  if (!adapter) return
  for (const queued of remembered(portico)) {
    const caipNetwork = portico.options.networks.find((n) => n.caipNetworkId === queued.caipNetworkId && n.chainNamespace === namespace)
    if (!caipNetwork || queued.connectorId !== connectorId) continue
    void followQueuedTransaction(portico, { adapter, caipNetwork, hash: queued.hash, connectorId })
  }
}
