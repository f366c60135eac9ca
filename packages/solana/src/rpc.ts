// Loaded on demand with the rest of the chain code (@solana/kit).
import type { AdapterBalance, CaipNetwork } from '@portico/core'
import { address, createSolanaRpc } from '@solana/kit'
import type { RpcCommitment } from './commitment.js'

/** A network and the commitment the adapter reads and confirms at. */
export interface ChainContext {
  caipNetwork: CaipNetwork
  commitment: RpcCommitment
}

export type SolanaRpc = ReturnType<typeof createSolanaRpc>

export function rpcOf(caipNetwork: CaipNetwork): SolanaRpc {
  return createSolanaRpc(caipNetwork.rpcUrls.default.http[0]!)
}

/** SOL in lamports, at the configured commitment. */
export async function getSolBalance({ caipNetwork, commitment }: ChainContext, owner: string): Promise<AdapterBalance> {
  const { value } = await rpcOf(caipNetwork).getBalance(address(owner), { commitment }).send()
  return { value: value.toString(), decimals: caipNetwork.nativeCurrency.decimals, symbol: caipNetwork.nativeCurrency.symbol }
}
