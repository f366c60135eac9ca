/**
 * Pays from the devnet's faucet key: its own mature outputs, largest first, a fixed 2 sat/vB fee and
 * change back to itself. Deterministic for a given chain (RFC 6979 signatures, sorted coin choice).
 */
import { hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import type { ChainIndex } from './chainIndex'
import { isCoinbaseInput } from './chainIndex'
import { BITCOIN_DEVNET_FAUCET, BITCOIN_DEVNET_NETWORK } from './constants'
import { addressToScript } from './render'

/** Bitcoin's rule: a coinbase output is spendable in the block 100 after its own. */
export const COINBASE_MATURITY = 100
const FEE_RATE = 2n

const faucetKey = hex.decode(BITCOIN_DEVNET_FAUCET.privateKey)
const faucetScript = addressToScript(BITCOIN_DEVNET_FAUCET.address) as string

interface Coin {
  txid: string
  vout: number
  amount: bigint
}

/** Confirmed faucet outputs no confirmed or mempool transaction spends, spendable in the next block. */
function spendableCoins(index: ChainIndex): Coin[] {
  const view = index.view()
  const spentInMempool = new Set(view.mempool.flatMap((t) => t.tx.inputs.map((i) => `${hex.encode(i.txid)}:${i.index}`)))
  const next = view.tip.height + 1
  const coins: Coin[] = []
  for (const t of index.confirmedHistory(faucetScript)) {
    const coinbase = t.tx.inputs.some(isCoinbaseInput)
    if (coinbase && next - (t.block?.height ?? next) < COINBASE_MATURITY) continue
    t.tx.outputs.forEach((o, vout) => {
      if (hex.encode(o.script) !== faucetScript) return
      if (index.confirmedSpend(t.txid, vout) || spentInMempool.has(`${t.txid}:${vout}`)) return
      coins.push({ txid: t.txid, vout, amount: o.amount })
    })
  }
  return coins.sort((a, b) => (a.amount === b.amount ? a.txid.localeCompare(b.txid) || a.vout - b.vout : a.amount > b.amount ? -1 : 1))
}

/** A signed transaction paying every output (address, sats) from the faucet. */
export function buildFaucetPayment(index: ChainIndex, outputs: { address: string; sats: bigint }[]): Uint8Array {
  const total = outputs.reduce((sum, o) => sum + o.sats, 0n)
  const chosen: Coin[] = []
  let have = 0n
  // vbytes: overhead 11, P2WPKH input 68, outputs at most 43 (P2TR), one more for change.
  const fee = () => FEE_RATE * BigInt(11 + 68 * chosen.length + 43 * (outputs.length + 1))
  for (const coin of spendableCoins(index)) {
    if (have >= total + fee()) break
    chosen.push(coin)
    have += coin.amount
  }
  if (have < total + fee()) throw new Error(`the Bitcoin devnet faucet cannot pay ${total} sats (it has ${have} spendable)`)
  const tx = new Transaction()
  for (const c of chosen) tx.addInput({ txid: c.txid, index: c.vout, witnessUtxo: { script: hex.decode(faucetScript), amount: c.amount } })
  for (const o of outputs) tx.addOutputAddress(o.address, o.sats, BITCOIN_DEVNET_NETWORK)
  const change = have - total - fee()
  // Change below the dust limit goes to the fee.
  if (change >= 1_000n) tx.addOutputAddress(BITCOIN_DEVNET_FAUCET.address, change, BITCOIN_DEVNET_NETWORK)
  tx.sign(faucetKey)
  tx.finalize()
  return tx.extract()
}
