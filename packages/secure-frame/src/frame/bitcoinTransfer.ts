import { utf8ToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { Address, OutScript, Script, selectUTXO } from '@scure/btc-signer'
import type { BitcoinAddressParams } from '../families/bip122.js'
import type { BitcoinAccount } from '../families/bip122Accounts.js'
import type { Utxo } from './bitcoinEsplora.js'

/**
 * sendTransfer's transaction: a payment from the wallet's payment (P2WPKH) coins only (the ordinal account's
 * coins may carry inscriptions: never spent here), coins chosen by @scure/btc-signer's selection, change back to
 * the payment address unless it would be dust, at the network's normal fee rate. The result is an unsigned PSBT
 * that goes through the same decoding, approval screen and signing as a host's signPsbt.
 */

export type TransferErrorReason = 'invalidAddress' | 'dust' | 'insufficientBalance' | 'memoTooLong'

/** Why a transfer cannot be built (the RPC answers -32602 with the message). */
export class TransferError extends Error {
  override name = 'TransferError'
  constructor(
    readonly reason: TransferErrorReason,
    message: string,
  ) {
    super(message)
  }
}

/** OP_RETURN's standard limit on its data (Bitcoin Core's -datacarriersize: 83 bytes of script). */
export const MAX_MEMO_BYTES = 80

/** Bitcoin Core's dust threshold at its 3 sat/vB dust relay fee: output size plus the size of spending it. */
export function dustThreshold(script: Uint8Array): bigint {
  const witness = script.length >= 4 && (script[0] === 0x00 || (script[0]! >= 0x51 && script[0]! <= 0x60)) && script[1] === script.length - 2
  const spend = witness ? 67 : 148
  return BigInt((8 + 1 + script.length + spend) * 3)
}

/** The recipient's output script, when the address is valid on this network (a mainnet address on regtest is not). */
export function recipientScript(address: string, params: BitcoinAddressParams): Uint8Array {
  try {
    return OutScript.encode(Address(params).decode(address))
  } catch {
    throw new TransferError('invalidAddress', `${address.slice(0, 100)} is not a valid address on this network`)
  }
}

export interface TransferRequest {
  payment: BitcoinAccount
  utxos: readonly Utxo[]
  recipient: string
  amount: bigint
  /** sat/vB */
  feeRate: number
  params: BitcoinAddressParams
  memo?: string
}

/** Builds the unsigned PSBT (base64) of a transfer. */
export function buildTransfer(request: TransferRequest): string {
  const { payment, params } = request
  const script = recipientScript(request.recipient, params)
  const dust = dustThreshold(script)
  if (request.amount < dust) throw new TransferError('dust', `The amount is below the dust limit of ${dust} satoshis for this address`)
  const outputs: ({ script: Uint8Array; amount: bigint } | { address: string; amount: bigint })[] = [{ address: request.recipient, amount: request.amount }]
  if (request.memo) {
    const data = utf8ToBytes(request.memo)
    if (data.length > MAX_MEMO_BYTES) throw new TransferError('memoTooLong', `The memo is longer than ${MAX_MEMO_BYTES} bytes`)
    outputs.push({ script: Script.encode(['RETURN', data]), amount: 0n })
  }
  const inputs = request.utxos.map((utxo) => ({
    txid: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: payment.script, amount: utxo.value },
  }))
  const selected =
    inputs.length === 0
      ? undefined
      : selectUTXO(inputs, outputs, 'default', {
          changeAddress: payment.address,
          feePerByte: BigInt(Math.max(1, Math.ceil(request.feeRate))),
          network: params,
          createTx: true,
          bip69: false,
          allowUnknownOutputs: true,
        })
  if (!selected?.tx) throw new TransferError('insufficientBalance', 'Insufficient balance for this amount and its network fee')
  return base64.encode(selected.tx.toPSBT())
}
