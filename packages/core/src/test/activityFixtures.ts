import type { Transaction } from '../api/schemas.js'
import { ADDRESS } from './fakes.js'

export const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A history transaction as the Portico server pages them (SPEC §3 'Transaction'). */
export function tx(id: string, patch: { chain?: string; minedAt?: string; spam?: boolean; nft?: boolean; out?: boolean; numeric?: string } = {}): Transaction {
  const { chain = 'eip155:31337', minedAt = '2026-03-03T12:00:00.000Z', spam = false, nft = false, out = true, numeric = '1.23456' } = patch
  return {
    id,
    metadata: {
      minedAt,
      chain,
      operationType: out ? 'send' : 'receive',
      status: 'confirmed',
      sentFrom: out ? ADDRESS : OTHER,
      sentTo: out ? OTHER : ADDRESS,
    },
    transfers: [
      nft || spam
        ? {
            nft_info: { name: `Devnet NFT #${id}`, flags: { is_spam: spam }, content: { preview: { url: `http://img/${id}.svg` } } },
            direction: out ? 'out' : 'in',
            quantity: { numeric: '1' },
          }
        : { fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'http://img/usdc.svg' } }, direction: out ? 'out' : 'in', quantity: { numeric } },
    ],
  }
}
