/**
 * ERC-7811 asset discovery for the EVM test wallets, as SPEC §5 'Wallet assets response' reads it:
 * a wallet that tracks a list of ERC-20 tokens (a real wallet's indexer stands behind the same
 * call) advertises `assetDiscovery` in wallet_getCapabilities and answers wallet_getAssets with its
 * native balance and each token it holds, every balance read on the chain at the time of the call.
 * No price feed here: prices are 0.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, isAddress, isAddressEqual, numberToHex, type Hex } from 'viem'

export const NATIVE_ASSET_ADDRESS = '0x0000000000000000000000000000000000000000'

export interface AssetsChain {
  chainId: number
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpc<T>(method: string, params: unknown[]): Promise<T>
}

type ErrorFactory = (code: number, message: string) => Error

/** wallet_getCapabilities with `assetDiscovery: { supported: true }` added to each chain's entry. */
export function withAssetDiscovery<T extends object>(capabilities: Record<Hex, T>): Record<Hex, T & { assetDiscovery: { supported: true } }> {
  return Object.fromEntries(Object.entries(capabilities).map(([id, c]) => [id, { ...c, assetDiscovery: { supported: true } }])) as never
}

/** Checks wallet_getAssets' params ([{ account, chainFilter? }]) against the wallet's account and chains; the chains to answer for. */
export function parseGetAssets(params: unknown[], { address, chainIds }: { address: Hex; chainIds: number[] }, error: ErrorFactory): number[] {
  const request = params[0] as { account?: unknown; chainFilter?: unknown } | undefined
  if (!request || typeof request.account !== 'string' || !isAddress(request.account))
    throw error(-32602, 'wallet_getAssets expects [{ account, chainFilter? }].')
  if (!isAddressEqual(request.account, address)) throw error(4100, "The account is not this wallet's.")
  if (request.chainFilter === undefined) return chainIds
  if (!Array.isArray(request.chainFilter)) throw error(-32602, 'chainFilter must be a list of hex chain ids.')
  return request.chainFilter.map((id) => Number(id)).filter((id) => chainIds.includes(id))
}

async function call<T>(chain: Pick<AssetsChain, 'rpc'>, token: Hex, functionName: 'name' | 'symbol' | 'decimals' | 'balanceOf', args?: readonly [Hex]) {
  const data = encodeFunctionData({ abi: erc20Abi, functionName, args } as never)
  const result = await chain.rpc<Hex>('eth_call', [{ to: token, data }, 'latest'])
  return decodeFunctionResult({ abi: erc20Abi, functionName, data: result } as never) as T
}

/** An ERC-20's symbol and decimals, or undefined when the address does not answer them (not a token). */
export async function tokenUnits(chain: Pick<AssetsChain, 'rpc'>, token: Hex): Promise<{ symbol: string; decimals: number } | undefined> {
  try {
    const [symbol, decimals] = await Promise.all([call<string>(chain, token, 'symbol'), call<number>(chain, token, 'decimals')])
    return { symbol, decimals }
  } catch {
    return undefined
  }
}

/** One chain's assets: the native balance, then each tracked token deployed there and held (balance > 0). */
export async function chainAssets(chain: AssetsChain, address: Hex, tokens: Hex[]) {
  const native = await chain.rpc<Hex>('eth_getBalance', [address, 'latest'])
  const assets: unknown[] = [
    {
      address: NATIVE_ASSET_ADDRESS,
      balance: native,
      type: 'NATIVE',
      metadata: { ...chain.nativeCurrency, price: 0, iconUrl: '' },
    },
  ]
  for (const token of tokens) {
    const code = await chain.rpc<Hex>('eth_getCode', [token, 'latest'])
    if (code === '0x') continue
    const balance = await call<bigint>(chain, token, 'balanceOf', [address])
    if (balance === 0n) continue
    const [name, symbol, decimals] = await Promise.all([
      call<string>(chain, token, 'name'),
      call<string>(chain, token, 'symbol'),
      call<number>(chain, token, 'decimals'),
    ])
    assets.push({ address: token, balance: numberToHex(balance), type: 'ERC20', metadata: { name, symbol, decimals, price: 0, iconUrl: '' } })
  }
  return assets
}
