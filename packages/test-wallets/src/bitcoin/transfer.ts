/**
 * What a wallet's "send" does: the payment address's confirmed UTXOs from Esplora, coin selection
 * with change back to the payment address, sign, broadcast.
 */
import { hex } from '@scure/base'
import { Address, OutScript, selectUTXO, type Transaction } from '@scure/btc-signer'
import { broadcastTx, fetchFeeRate, fetchUtxos } from './esplora'
import type { BitcoinKey } from './keys'
import { REGTEST } from './network'
import { PsbtError, signInputs } from './psbt'

export interface TransferRequest {
  recipients: { address: string; amount: bigint }[]
  /** sat/vB; default: the API's estimate for 6 blocks. */
  feeRate?: number
  changeAddress?: string
}

export class TransferError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid-address' | 'dust' | 'insufficient-funds',
  ) {
    super(message)
    this.name = 'TransferError'
  }
}

const DUST = 546n

/** Builds and signs the transfer; the result is final (extract() gives the raw transaction). */
export async function buildTransfer(esploraUrl: string, key: BitcoinKey, request: TransferRequest): Promise<Transaction> {
  for (const { address, amount } of request.recipients) {
    try {
      OutScript.encode(Address(REGTEST).decode(address))
    } catch {
      throw new TransferError(`Invalid address for this network: ${address}`, 'invalid-address')
    }
    if (amount < DUST) throw new TransferError(`${amount} sats to ${address} is below the dust limit (${DUST}).`, 'dust')
  }
  const [utxos, feeRate] = await Promise.all([fetchUtxos(esploraUrl, key.address), request.feeRate ?? fetchFeeRate(esploraUrl)])
  const inputs = utxos
    .filter((u) => u.status.confirmed)
    .map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script: key.script, amount: BigInt(u.value) } }))
  const selected = selectUTXO(inputs, request.recipients, 'default', {
    changeAddress: request.changeAddress ?? key.address,
    feePerByte: BigInt(feeRate),
    bip69: false,
    createTx: true,
    network: REGTEST,
  })
  if (!selected?.tx) throw new TransferError(`Insufficient balance on ${key.address} for this transfer and its fee.`, 'insufficient-funds')
  const tx = selected.tx
  signInputs(
    tx,
    Array.from({ length: tx.inputsLength }, (_, index) => ({ index, key })),
  )
  if (!tx.isFinal) throw new PsbtError('The transfer could not be finalized.')
  return tx
}

/** Broadcasts a final transaction through Esplora; resolves to its txid. */
export async function broadcast(esploraUrl: string, tx: Transaction): Promise<string> {
  return broadcastTx(esploraUrl, hex.encode(tx.extract()))
}
