import type { SandboxOnramp } from '../chain/family.js'
import { SOLANA_DEVNET } from '../chain/solanaDevnet.js'
import { mintSplTokens } from './mint.js'

/** The sandbox onramp on solana devnets (the local one, or any configured one by its CAIP-2 reference): USDC is the chain's SPL mint. */
export const solanaSandbox: SandboxOnramp = {
  network(chainId) {
    if (!chainId.startsWith('solana:')) return undefined
    const ref = chainId.slice('solana:'.length)
    const local = chainId === SOLANA_DEVNET.caip2
    return {
      name: local ? 'portico-solana-devnet' : `solana-devnet-${ref.slice(0, 8).toLowerCase()}`,
      display_name: local ? 'Portico Solana Devnet (sandbox)' : `Solana ${ref.slice(0, 8)} (sandbox)`,
      chain_id: ref,
    }
  },
  // MintToChecked from the configured mint authority.
  mint: ({ chainId, rpcUrl, usdc, decimals, minterKey, to, units }) =>
    mintSplTokens({ rpcUrl, caip2: chainId, mint: usdc, authoritySecretKey: minterKey, to, units, decimals }),
}
