/**
 * Signing a PSBT with the wallet's keys: the inputs asked for (or every input paying one of the
 * wallet's addresses), each with the key whose output script it spends, then finalized.
 * Sighashes: numbers (WalletConnect, sats-connect) or the Wallet Standard's strings ('ALL|ANYONECANPAY').
 */
import { SigHash, Transaction, utils } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import type { BitcoinKey } from './keys'

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && utils.compareBytes(a, b) === 0

export type SigHashName = 'ALL' | 'NONE' | 'SINGLE' | 'ALL|ANYONECANPAY' | 'NONE|ANYONECANPAY' | 'SINGLE|ANYONECANPAY'

const SIGHASH_NUMBERS: Record<SigHashName, number> = {
  ALL: SigHash.ALL,
  NONE: SigHash.NONE,
  SINGLE: SigHash.SINGLE,
  'ALL|ANYONECANPAY': SigHash.ALL_ANYONECANPAY,
  'NONE|ANYONECANPAY': SigHash.NONE_ANYONECANPAY,
  'SINGLE|ANYONECANPAY': SigHash.SINGLE_ANYONECANPAY,
}
export const sigHashNumber = (name: SigHashName) => SIGHASH_NUMBERS[name]

/** One input to sign: its index, the key, and optionally the sighash it must be signed with. */
export interface InputToSign {
  index: number
  key: BitcoinKey
  sigHash?: number
}

export class PsbtError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PsbtError'
  }
}

/** Parses a PSBT (base64 or bytes); a malformed one is a PsbtError. */
export function parsePsbt(psbt: string | Uint8Array): Transaction {
  try {
    const bytes = typeof psbt === 'string' ? base64.decode(psbt) : psbt
    return Transaction.fromPSBT(bytes, { allowUnknownOutputs: true })
  } catch (err) {
    throw new PsbtError(`Malformed PSBT: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** The output script an input spends (from witnessUtxo or the previous transaction). */
export function spentScript(tx: Transaction, index: number): Uint8Array | undefined {
  const input = tx.getInput(index)
  if (input.witnessUtxo) return input.witnessUtxo.script
  if (input.nonWitnessUtxo && input.index !== undefined) return input.nonWitnessUtxo.outputs[input.index]?.script
  return undefined
}

/** Every input paying one of `keys`, with its key (what "sign the wallet's inputs" means). */
export function ownInputs(tx: Transaction, keys: readonly BitcoinKey[]): InputToSign[] {
  const found: InputToSign[] = []
  for (let index = 0; index < tx.inputsLength; index++) {
    const script = spentScript(tx, index)
    const key = script && keys.find((k) => equalBytes(k.script, script))
    if (key) found.push({ index, key })
  }
  return found
}

/**
 * Signs the given inputs (each must spend its key's script) and finalizes them. Returns the
 * transaction; `isFinal` says whether it can be extracted and broadcast.
 */
export function signInputs(tx: Transaction, inputs: readonly InputToSign[], { finalize = true } = {}): Transaction {
  for (const { index, key, sigHash } of inputs) {
    if (index < 0 || index >= tx.inputsLength) throw new PsbtError(`The PSBT has no input ${index}.`)
    const script = spentScript(tx, index)
    if (!script) throw new PsbtError(`Input ${index} has no witnessUtxo or nonWitnessUtxo: its amount cannot be signed.`)
    if (!equalBytes(script, key.script)) throw new PsbtError(`Input ${index} does not spend ${key.address}.`)
    const input = tx.getInput(index)
    const update: Parameters<Transaction['updateInput']>[1] = {}
    if (key.type === 'p2tr' && !input.tapInternalKey) update.tapInternalKey = key.publicKey
    if (sigHash !== undefined) update.sighashType = sigHash
    if (Object.keys(update).length) tx.updateInput(index, update, true)
    const allowed =
      sigHash !== undefined ? [sigHash] : [key.type === 'p2tr' ? SigHash.DEFAULT : SigHash.ALL, ...(input.sighashType !== undefined ? [input.sighashType] : [])]
    try {
      tx.signIdx(key.privateKey, index, allowed)
    } catch (err) {
      throw new PsbtError(`Input ${index} could not be signed: ${err instanceof Error ? err.message : String(err)}`)
    }
    if (finalize) tx.finalizeIdx(index)
  }
  return tx
}

export const psbtBase64 = (tx: Transaction) => base64.encode(tx.toPSBT())
