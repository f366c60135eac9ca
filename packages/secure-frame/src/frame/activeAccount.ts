import { setSmartAccountBatchRunner } from './batchRunner.js'
import type { FrameSession } from './session.js'
import type { FrameSmartAccount, SmartAccountNetworks } from './smartAccount.js'

/** The smart-account code (permissionless, viem's account abstraction) is a chunk of its own, loaded on first use. */
const code = () => import('./smartAccount.js')

/**
 * Which eip155 account the embedded wallet acts with (SPEC §4, §6): its smart account where the project's
 * network is smart-account-enabled and the user's preferred type is smartAccount, else the EOA. The smart
 * account of an owner and chain is built once; `activeSmartAccount` is awaited before a request is
 * handled, and the batch seam (batchRunner.ts) reads what it decided.
 */
let networks: Promise<SmartAccountNetworks> | undefined
const built = new Map<string, Promise<FrameSmartAccount>>()
const active = new Map<number, FrameSmartAccount>()
setSmartAccountBatchRunner((chainId) => active.get(chainId)?.runner)

/** SPEC 'get smart-account-enabled networks' (read once per frame; retried after a failure). */
export function smartAccountNetworks(session: FrameSession): Promise<SmartAccountNetworks> {
  networks ??= code()
    .then((m) => m.fetchSmartAccountNetworks(session.config.apiUrl, session.config.projectId))
    .catch(() => {
      networks = undefined
      return { smartAccountEnabledNetworks: [], chains: {} }
    })
  return networks
}

/** The active smart account on the chain, or undefined when the EOA acts there. */
export async function activeSmartAccount(session: FrameSession, chainId: number | string = session.chainId): Promise<FrameSmartAccount | undefined> {
  // A chain id may come as a number, '31337' or CAIP-2 'eip155:31337' (solana ids stay NaN: the EOA's keys).
  const id = Number(String(chainId).replace(/^eip155:/, ''))
  const unlocked = session.wallet.keys
  const wanted = unlocked && preferredAccountType(session) === 'smartAccount' && Number.isSafeInteger(id)
  const chain = wanted ? (await smartAccountNetworks(session)).chains[`eip155:${id}`] : undefined
  const rpcUrl = chain ? session.rpcUrlFor(id) : undefined
  if (!unlocked || !chain || !rpcUrl) {
    active.delete(id)
    return undefined
  }
  const key = `${unlocked.account.address}:${id}`
  let smart = built.get(key)
  if (!smart) {
    const owner = unlocked.account
    smart = code().then((m) =>
      m.createFrameSmartAccount({
        owner,
        chainId: id,
        chain,
        rpcUrl,
        apiUrl: session.config.apiUrl,
        projectId: session.config.projectId,
        sessionFetch: (input, init) => session.wallet.api.sessionFetch(input, init),
      }),
    )
    smart.catch(() => built.delete(key))
    built.set(key, smart)
  }
  const account = await smart
  active.set(id, account)
  return account
}

/** The eip155 account type the user wants: the host's (its stored choice or default), else the server's. */
export function preferredAccountType(session: FrameSession) {
  return session.accountType ?? session.wallet.user?.preferredAccountType
}

/** The address the host sees on an eip155 chain (decided by the last activeSmartAccount call). */
export function activeAddress(session: FrameSession, eoa: string, chainId: number | string = session.chainId): string {
  return active.get(Number(String(chainId).replace(/^eip155:/, '')))?.address ?? eoa
}
