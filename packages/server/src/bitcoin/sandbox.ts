import { hexToBytes } from '@noble/hashes/utils'
import { p2wpkh, Transaction, WIF } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import type { SandboxOnramp } from '../chain/family.js'
import { esploraClient, FeeEstimates, Utxos } from './esplora.js'
import { feeRates } from './fees.js'
import { BitcoinChains, bitcoinNetwork, isAddressOn } from './networks.js'

/** The sandbox's price of one BTC in USD: a purchase of N USDC pays N / price BTC (no real money, no market). */
export const SANDBOX_BTC_PRICE_USD = 100_000n
/** Outputs below this are not relayed (P2WPKH dust); smaller change goes to the fee. */
const DUST_SATS = 546n
/** Sizes in vbytes: overhead, per P2WPKH input, per output (at most a P2TR's). */
const VBYTES = { tx: 11n, input: 68n, output: 43n }
/** Bitcoin's rule: a coinbase output is spendable 100 blocks after its own (the faucet mines: only such outputs are taken). */
const COINBASE_MATURITY = 100

/** The faucet key as configured: 64 hex characters or a WIF of the chain's network. */
function faucetKey(chainId: string, key: string): Uint8Array {
  return /^(0x)?[0-9a-f]{64}$/i.test(key) ? hexToBytes(key.replace(/^0x/, '')) : WIF(bitcoinNetwork(chainId)).decode(key)
}

/** Satoshis bought with `units` of USDC (6 decimals) at the sandbox price. */
export function sandboxSats(units: bigint): bigint {
  return (units * 100n) / SANDBOX_BTC_PRICE_USD
}

/**
 * Pays `sats` to `to` from the faucet key's P2WPKH address: its largest UTXOs of 100 confirmations or more
 * (the faucet's mined coinbases mature then), change back to the faucet, the API's normal fee rate;
 * broadcast through the chain's Esplora API. Answers the txid.
 */
export async function payFromFaucet(order: { chainId: string; rpcUrl: string; faucetKey: string; to: string; sats: bigint }): Promise<string> {
  const network = bitcoinNetwork(order.chainId)
  if (!isAddressOn(order.chainId, order.to)) throw new Error(`${order.to} is not an address of ${order.chainId}`)
  if (order.sats < DUST_SATS) throw new Error(`${order.sats} sats is below the dust limit`)
  const key = faucetKey(order.chainId, order.faucetKey)
  const faucet = p2wpkh(pubECDSA(key, true), network)
  const esplora = esploraClient([order.rpcUrl])
  const [utxos, estimates, tip] = await Promise.all([
    esplora.json(`/address/${faucet.address}/utxo`, Utxos),
    esplora.json('/fee-estimates', FeeEstimates),
    esplora.tip(),
  ])
  const rate = BigInt(feeRates(estimates).normal)
  const mature = utxos.filter((u) => u.status.block_height !== undefined && tip.height + 1 - u.status.block_height >= COINBASE_MATURITY)
  const tx = new Transaction()
  let total = 0n
  let fee = 0n
  for (const utxo of mature.sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))) {
    tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: faucet.script, amount: utxo.value } })
    total += utxo.value
    fee = (VBYTES.tx + VBYTES.input * BigInt(tx.inputsLength) + VBYTES.output * 2n) * rate
    if (total >= order.sats + fee) break
  }
  if (total < order.sats + fee) throw new Error(`The faucet ${faucet.address} holds ${total} mature sats, not enough for ${order.sats} + fee`)
  tx.addOutputAddress(order.to, order.sats, network)
  const change = total - order.sats - fee
  if (change >= DUST_SATS) tx.addOutputAddress(faucet.address!, change, network)
  tx.sign(key)
  tx.finalize()
  return esplora.broadcast(tx.hex)
}

/** The sandbox onramp on bip122 devnets (the local regtest, or any configured one but mainnet): BTC paid from the faucet key (sandboxOnramp[chain].minterPrivateKey). */
export const bitcoinSandbox: SandboxOnramp = {
  network(chainId) {
    if (!chainId.startsWith('bip122:') || chainId === BitcoinChains.mainnet) return undefined
    const ref = chainId.slice('bip122:'.length)
    const local = chainId === BitcoinChains.regtest
    return {
      name: local ? 'portico-bitcoin-devnet' : `bitcoin-${ref.slice(0, 8)}`,
      display_name: local ? 'Portico Bitcoin Devnet (sandbox)' : `Bitcoin ${ref.slice(0, 8)} (sandbox)`,
      chain_id: ref,
    }
  },
  mint: ({ chainId, rpcUrl, minterKey, to, units }) => payFromFaucet({ chainId, rpcUrl, faucetKey: minterKey, to, sats: sandboxSats(units) }),
}
