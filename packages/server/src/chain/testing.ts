/** Test helpers for the chain routes and the indexer (tests only). */
import type { Devnet, DevnetChain } from '@portico/devnet'
import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEFAULT_CONFIG, type ServerConfig } from '../config.js'

/** Polls `fn` until it returns a truthy value (returned) or the timeout passes (throws with the last value). */
export async function waitFor<T>(fn: () => Promise<T>, { timeoutMs = 10_000, intervalMs = 50, what = 'condition' } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  for (;;) {
    last = await fn()
    if (last) return last as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** Server overrides pointing at a devnet, with a fast indexer; only the fixtures' origin may serve loopback NFT metadata. */
export function devnetServerConfig(devnet: Devnet, extra: Partial<ServerConfig> = {}): Partial<ServerConfig> {
  return {
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    outboundAllowOrigins: [devnet.fixturesUrl],
    indexer: { ...DEFAULT_CONFIG.indexer!, pollMs: 50 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    ...extra,
  }
}

/** Wallet + public client for a dev account on a devnet chain. */
export function devClients(chain: DevnetChain, privateKey: `0x${string}`) {
  const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  const transport = http(chain.rpcUrl)
  return {
    wallet: createWalletClient({ account: privateKeyToAccount(privateKey), chain: viemChain, transport }),
    client: createPublicClient({ chain: viemChain, transport, pollingInterval: 20 }),
  }
}
