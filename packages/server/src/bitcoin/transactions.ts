import type { EsploraTx } from './esplora.js'

/** Where a coinbase transaction's outputs come from in history (ChainFamily.history.mintSource): shown as mints. */
export const COINBASE_SOURCE = 'coinbase'

/** A confirmed transaction as the history tables hold it (chain_transactions, chain_transfers, account_transactions). */
export interface BitcoinTxRows {
  txid: string
  height: number
  time: number
  /** A stable 31-bit number from the txid (Esplora does not tell a transaction's place in its block): orders one block's transactions. */
  index: number
  /** The first input's address (the payer), or COINBASE_SOURCE. */
  from: string
  /** The first output paid to someone other than the payer (else the first output's address). */
  to: string | null
  fee: bigint
  /** One per output paid to another address than the payer: from the payer, its value (change outputs back to the payer are left out). */
  transfers: Array<{ vout: number; from: string; to: string; amount: bigint }>
  /** Every address the transaction spends from or pays to (their history rows). */
  involved: Set<string>
}

/** The stored form of a Bitcoin address: bech32 in lower case, base58 as given (case-sensitive). */
export function bitcoinAccountKey(address: string): string {
  return /^(bc|tb|bcrt)1/i.test(address) ? address.toLowerCase() : address
}

/**
 * A confirmed Esplora transaction as history rows, from every party's view at once (the same rows
 * whichever followed address read it): the payer sends each non-change output to its address;
 * the fee is the transaction's. A transaction with inputs of several addresses is attributed to
 * the first input's (as most explorers label it).
 */
export function bitcoinTxRows(tx: EsploraTx): BitcoinTxRows | undefined {
  if (!tx.status.confirmed || tx.status.block_height === undefined) return undefined
  const coinbase = tx.vin.some((input) => input.is_coinbase)
  const payerAddress = tx.vin[0]?.prevout?.scriptpubkey_address
  const from = coinbase || !payerAddress ? COINBASE_SOURCE : bitcoinAccountKey(payerAddress)
  const outputs = tx.vout.flatMap((out, vout) =>
    out.scriptpubkey_address ? [{ vout, to: bitcoinAccountKey(out.scriptpubkey_address), value: out.value }] : [],
  )
  const transfers = outputs.filter((o) => o.to !== from).map((o) => ({ vout: o.vout, from, to: o.to, amount: o.value }))
  const involved = new Set<string>(outputs.map((o) => o.to))
  for (const input of tx.vin) if (input.prevout?.scriptpubkey_address) involved.add(bitcoinAccountKey(input.prevout.scriptpubkey_address))
  involved.delete(COINBASE_SOURCE)
  return {
    txid: tx.txid,
    height: tx.status.block_height,
    time: tx.status.block_time ?? Math.floor(Date.now() / 1000),
    index: txidIndex(tx.txid),
    from,
    to: transfers[0]?.to ?? outputs[0]?.to ?? null,
    fee: tx.fee ?? 0n,
    transfers,
    involved,
  }
}

function txidIndex(txid: string): number {
  return Number.parseInt(txid.slice(0, 8), 16) & 0x7fffffff
}
