import { expect, vi } from 'vitest'
import { connectExternal } from '../actions/connectExternal.js'
import { initialize } from '../actions/initialize.js'
import type { Portico } from '../portico.js'
import { testPortico } from './fakes.js'

/** Test support for the EIP-5792 actions: a wallet's EIP-1193 provider that records requests and answers from a script. */
export function scriptedWallet(answer: (method: string, params: unknown) => unknown = () => null) {
  const requests: Array<{ method: string; params?: unknown }> = []
  return {
    requests,
    async request(args: { method: string; params?: unknown }) {
      requests.push(args)
      return answer(args.method, args.params)
    },
  }
}

/** A Portico connected to `wallet` on the devnet chain (eip155:31337) through the scripted adapter. */
export async function connectedTo(wallet: ReturnType<typeof scriptedWallet>) {
  const { portico, adapter } = testPortico()
  ;(adapter as { getProvider?: (id: string) => unknown }).getProvider = () => wallet
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  await connectReadDone(portico, wallet)
  return portico
}

/**
 * Waits for the connect's own balance read (loaded with it, api/readBalances.ts), which asks the
 * wallet's capabilities once (SPEC §7 asset discovery); then forgets that request, so that
 * `wallet.requests` holds only what the code under test asked.
 */
export async function connectReadDone(portico: Portico, wallet?: { requests: unknown[] }) {
  await vi.waitFor(() => expect(portico.stores.account.getState().byNamespace.eip155?.balanceLoading).toBe(false))
  if (wallet) wallet.requests.length = 0
}
