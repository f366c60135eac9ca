import { bip122Keys, bitcoinNetworks } from '../../families/bip122.js'
import type { FrameFamily } from './context.js'

/**
 * The bip122 family (issue 30): its key (../../families/bip122.ts: BIP-84 payment, BIP-86 ordinal), its network
 * names, and its handlers (../bitcoinRpc.ts: getAccountAddresses, signMessage, signPsbt, sendTransfer), which
 * bring @scure/btc-signer and are loaded with the first bip122 request, not with the frame.
 */
export const bip122: FrameFamily = {
  keys: bip122Keys,
  networks: bitcoinNetworks,
  rpc: async (session, request) => (await import('../bitcoinRpc.js')).bitcoinRpc(session, request),
}
