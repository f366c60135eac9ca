import { createPublicClient, fallback, http, webSocket, type Chain, type PublicClient, type Transport } from 'viem'
import * as viemChains from 'viem/chains'
import { mainnet } from 'viem/chains'
import type { ServerConfig } from './schema.js'

/** A chain's RPC URLs as a list (config allows one URL or several). */
export function rpcUrlList(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

/** The first RPC URL of a chain (the proxy and one-off clients use it), if the chain is configured. */
export function primaryRpcUrl(config: Pick<ServerConfig, 'rpcUrls'>, caip2: string): string | undefined {
  return rpcUrlList(config.rpcUrls[caip2])[0]
}

/** viem's definition of an EVM chain by id (mainnet, base, polygon…), when viem knows it. */
export function viemChain(chainId: number): Chain | undefined {
  if (!knownChains) {
    knownChains = new Map()
    for (const c of Object.values(viemChains) as unknown[]) {
      const chain = c as Chain
      if (typeof chain === 'object' && chain !== null && typeof chain.id === 'number' && !knownChains.has(chain.id)) knownChains.set(chain.id, chain)
    }
  }
  return knownChains.get(chainId)
}
let knownChains: Map<number, Chain> | undefined

/** One URL: http (batched JSON-RPC, 10 s timeout, 3 retries); several: viem's fallback over them in order. */
export function rpcTransport(urls: string[]): Transport {
  const one = (url: string) =>
    url.startsWith('ws') ? webSocket(url, { retryCount: 3, timeout: 10_000 }) : http(url, { batch: true, retryCount: 3, retryDelay: 150, timeout: 10_000 })
  return urls.length === 1 ? one(urls[0]!) : fallback(urls.map(one), { retryCount: 1 })
}

/** A viem client for a configured EVM chain (its viem chain definition when known). */
export function evmClientFor(caip2: string, value: string | string[] | undefined): PublicClient | undefined {
  const urls = rpcUrlList(value)
  const id = /^eip155:(\d+)$/.exec(caip2)?.[1]
  if (urls.length === 0 || !id) return undefined
  return createPublicClient({ chain: viemChain(Number(id)), transport: rpcTransport(urls) }) as PublicClient
}

/**
 * The Ethereum mainnet client for ENS lookups: config.mainnetRpcUrls, else the eip155:1 chain's
 * URLs; undefined when neither is configured (no ENS then, never a lookup without a chain).
 */
export function ensClient(config: Pick<ServerConfig, 'rpcUrls' | 'mainnetRpcUrls'>): PublicClient | undefined {
  const urls = config.mainnetRpcUrls?.length ? config.mainnetRpcUrls : rpcUrlList(config.rpcUrls['eip155:1'])
  return urls.length ? (createPublicClient({ chain: mainnet, transport: rpcTransport(urls) }) as PublicClient) : undefined
}
