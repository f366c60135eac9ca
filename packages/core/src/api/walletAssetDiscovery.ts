import type { CaipNetwork } from '../networks.js'
import { formatUnits } from '../utils/format.js'
import type { TokenBalance } from './schemas.js'
import { isWalletAssetsResponseValid } from './walletAssets.js'

interface Requester {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** How long the balance read waits for the wallet's capabilities, then its assets (not in SPEC; ours). */
export const WALLET_ASSETS_TIMEOUT_MS = 3_000

/** Whether the wallet advertised assetDiscovery, per `account:chainId` (hex): kept by the caller for one connection. */
export type AssetDiscoveryAnswers = Map<string, Promise<boolean>>

/**
 * SPEC §7 'Wallet calls': wallet capabilities (assetDiscovery support per chain) and wallet get
 * assets (account, chainFilter) — ERC-7811. Where the wallet supports it on the chain, its ERC-20
 * assets as token balances; an answer that fails SPEC §5's 'Wallet assets response' check is
 * dropped whole. undefined: no discovery here. With `answers`, wallet_getCapabilities is asked
 * once per account and chain (the balance read keeps them for the connection, api/readBalances.ts).
 */
export async function discoverWalletAssets(
  provider: Requester,
  address: string,
  caipNetwork: CaipNetwork,
  answers: AssetDiscoveryAnswers = new Map(),
  { timeoutMs = WALLET_ASSETS_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<TokenBalance[] | undefined> {
  // A wallet that never answers (a paired phone wallet may ignore an unknown method) must not hold the balance up.
  const ask = (method: string, params: unknown[]) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${method} timed out`)), timeoutMs)))
    return Promise.race([provider.request({ method, params }), late]).finally(() => clearTimeout(timer))
  }
  if (caipNetwork.chainNamespace !== 'eip155' || typeof provider?.request !== 'function') return undefined
  const chainId = `0x${Number(caipNetwork.id).toString(16)}`
  const key = `${address.toLowerCase()}:${chainId}`
  let supported = answers.get(key)
  if (!supported) {
    supported = ask('wallet_getCapabilities', [address, [chainId]]).then(
      (capabilities) => (capabilities as Record<string, { assetDiscovery?: { supported?: boolean } }> | null)?.[chainId]?.assetDiscovery?.supported === true,
      () => false,
    )
    answers.set(key, supported)
  }
  if (!(await supported)) return undefined
  const answer = (await ask('wallet_getAssets', [{ account: address, chainFilter: [chainId] }]).catch(() => undefined)) as Record<string, unknown> | undefined
  const assets = answer?.[chainId]
  if (!isWalletAssetsResponseValid(assets)) return undefined
  return (
    assets
      // SPEC §5: tokens with 0 decimals are dropped as low quality; the native balance is read on its own.
      .filter((asset) => asset.type === 'ERC20' && asset.metadata.decimals !== 0)
      .map((asset) => {
        const numeric = formatUnits(BigInt(asset.balance), asset.metadata.decimals)
        return {
          name: asset.metadata.name,
          symbol: asset.metadata.symbol,
          chainId: caipNetwork.caipNetworkId,
          address: asset.address,
          value: asset.metadata.value ?? Number(numeric) * asset.metadata.price,
          price: asset.metadata.price,
          quantity: { decimals: String(asset.metadata.decimals), numeric },
          iconUrl: asset.metadata.iconUrl,
        }
      })
  )
}
