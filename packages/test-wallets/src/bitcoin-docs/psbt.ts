/**
 * Signing a PSBT's inputs with the wallet's keys (BIP-174's Signer, optionally its Finalizer).
 * The inputs to sign come from the app (the Wallet Standard's inputsToSign, sats-connect's signInputs),
 * or, when it names none, every input locked to one of the wallet's scripts.
 */
import { equalBytes } from '@scure/btc-signer/utils'
import { SigHash, Transaction } from '@scure/btc-signer'
import { DocsInvalidParamsError } from './errors'
import type { DocsKey } from './keys'

/** The SIGHASH names of the latest bitcoin:signTransaction ('ALL', 'NONE|ANYONECANPAY', ...). */
const SIGHASH_NAMES: Record<string, number> = {
  ALL: SigHash.ALL,
  NONE: SigHash.NONE,
  SINGLE: SigHash.SINGLE,
  'ALL|ANYONECANPAY': SigHash.ALL_ANYONECANPAY,
  'NONE|ANYONECANPAY': SigHash.NONE_ANYONECANPAY,
  'SINGLE|ANYONECANPAY': SigHash.SINGLE_ANYONECANPAY,
}

/** A SIGHASH as a number: the earlier feature's numeric flag or the latest one's name. */
export function parseSigHash(sigHash: number | string | undefined): number | undefined {
  if (sigHash === undefined) return undefined
  const value = typeof sigHash === 'number' ? sigHash : SIGHASH_NAMES[sigHash]
  if (value === undefined || !Object.values(SigHash).includes(value)) throw new DocsInvalidParamsError({ field: 'sigHash', issue: String(sigHash) })
  return value
}

export interface InputsToSign {
  key: DocsKey
  /** Input indexes; undefined: every input locked to key.script. */
  indexes?: readonly number[]
  sigHash?: number
}

export interface SignPsbtParameters {
  psbt: Uint8Array
  inputs: readonly InputsToSign[]
  finalize?: boolean
}

function prevoutScript(tx: Transaction, index: number): Uint8Array | undefined {
  const input = tx.getInput(index)
  if (input.witnessUtxo) return input.witnessUtxo.script
  if (input.nonWitnessUtxo && input.index !== undefined) return input.nonWitnessUtxo.outputs[input.index]?.script
  return undefined
}

export function decodePsbt(psbt: Uint8Array): Transaction {
  try {
    return Transaction.fromPSBT(psbt)
  } catch (error) {
    throw new DocsInvalidParamsError({ field: 'psbt', issue: error instanceof Error ? error.message : String(error) })
  }
}

/** Signs (and with `finalize`, finalizes) the named inputs; returns the transaction and the indexes signed. */
export function signPsbt({ psbt, inputs, finalize = false }: SignPsbtParameters): { tx: Transaction; signed: number[] } {
  const tx = decodePsbt(psbt)
  const signed: number[] = []
  for (const { key, indexes, sigHash } of inputs) {
    const targets =
      indexes ?? Array.from({ length: tx.inputsLength }, (_, i) => i).filter((i) => equalBytes(prevoutScript(tx, i) ?? new Uint8Array(), key.script))
    for (const index of targets) {
      if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw new DocsInvalidParamsError({ field: 'signingIndexes', issue: String(index) })
      const script = prevoutScript(tx, index)
      if (!script || !equalBytes(script, key.script))
        throw new DocsInvalidParamsError({ field: 'signingIndexes', issue: `input ${index} is not locked to ${key.address}` })
      const current = tx.getInput(index)
      if (key.addressType === 'p2tr' && !current.tapInternalKey) tx.updateInput(index, { tapInternalKey: key.publicKey })
      if (sigHash !== undefined && current.sighashType !== sigHash) tx.updateInput(index, { sighashType: sigHash })
      const allowed = sigHash ?? current.sighashType ?? (key.addressType === 'p2tr' ? SigHash.DEFAULT : SigHash.ALL)
      try {
        tx.signIdx(key.privateKey, index, [allowed])
      } catch (error) {
        throw new DocsInvalidParamsError({ field: 'psbt', issue: error instanceof Error ? error.message : String(error) })
      }
      signed.push(index)
    }
  }
  if (signed.length === 0) throw new DocsInvalidParamsError({ field: 'inputsToSign', issue: 'no input of this wallet to sign' })
  if (finalize) for (const index of signed) tx.finalizeIdx(index)
  return { tx, signed }
}
