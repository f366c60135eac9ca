import { base64 } from '@scure/base'
import { Address, OutScript, SigHash, Transaction } from '@scure/btc-signer'
import type { BitcoinAddressParams, BitcoinIntention } from '../families/bip122.js'
import type { BitcoinAccount } from '../families/bip122Accounts.js'

/**
 * A PSBT as the embedded wallet reads it before showing it (bitcoinApproval.ts) and signing it: every input with
 * its address, amount and whether it is one of the wallet's accounts, every output with change marked, the fee and
 * an estimate of the signed size. What it cannot read is refused here, before anything is shown or signed.
 */

/** Why a PSBT is refused (the RPC answers -32602 with the message). */
export class PsbtError extends Error {
  override name = 'PsbtError'
}

/** A PSBT over this size (base64 characters) is refused unread. */
export const MAX_PSBT_CHARS = 400_000

export interface PsbtInput {
  index: number
  /** Display-order txid and output index of the coin spent. */
  txid: string
  vout: number
  address?: string
  amount?: bigint
  /** The wallet account it belongs to, when it is the wallet's. */
  owner?: BitcoinIntention
  /** The sighash type the PSBT asks for (absent: DEFAULT on taproot, ALL otherwise). */
  sighashType?: number
  finalized: boolean
}

export interface PsbtOutput {
  index: number
  address?: string
  /** OP_RETURN data. */
  data: boolean
  amount: bigint
  /** Change: the output pays one of the wallet's accounts. */
  owner?: BitcoinIntention
}

export interface DecodedPsbt {
  tx: Transaction
  inputs: PsbtInput[]
  outputs: PsbtOutput[]
  /** Inputs minus outputs; undefined when an input's amount is not in the PSBT. */
  fee?: bigint
  /** The signed transaction's virtual size, estimated from the input types. */
  vsize: number
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])
const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

function addressOf(script: Uint8Array, params: BitcoinAddressParams): string | undefined {
  try {
    return Address(params).encode(OutScript.decode(script))
  } catch {
    return undefined
  }
}

const isFinal = (input: ReturnType<Transaction['getInput']>) => Boolean(input.finalScriptWitness?.length || input.finalScriptSig?.length)

/** Weight units of one input once signed, by the type of the script it spends (BIP-141 weights). */
function inputWeight(script: Uint8Array | undefined, input: ReturnType<Transaction['getInput']>): number {
  const base = (32 + 4 + 4) * 4
  if (isFinal(input)) {
    const scriptSig = input.finalScriptSig?.length ?? 0
    const witness = (input.finalScriptWitness ?? []).reduce((sum, item) => sum + 1 + item.length, 1)
    return base + (1 + scriptSig) * 4 + witness
  }
  let type = 'unknown'
  try {
    if (script) type = OutScript.decode(script).type
  } catch {
    // an unknown script: counted as P2WPKH
  }
  if (type === 'tr') return base + 4 + 1 + 1 + 65
  if (type === 'pkh') return base + (1 + 107) * 4
  if (type === 'sh') return base + (1 + 23) * 4 + 108
  return base + 4 + 108
}

/** Decodes a base64 PSBT against the wallet's accounts on its network; malformed → PsbtError. */
export function decodePsbt(psbt: string, accounts: readonly BitcoinAccount[], params: BitcoinAddressParams): DecodedPsbt {
  if (psbt.length > MAX_PSBT_CHARS) throw new PsbtError('The PSBT is too large')
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(base64.decode(psbt.trim()), { allowUnknownOutputs: true, allowUnknownInputs: true })
  } catch (error) {
    throw new PsbtError(`Malformed PSBT: ${error instanceof Error ? error.message : 'not a base64 BIP-174 PSBT'}`)
  }
  if (tx.inputsLength === 0 || tx.outputsLength === 0) throw new PsbtError('Malformed PSBT: a transaction needs inputs and outputs')
  const ownerOf = (script: Uint8Array | undefined) => (script ? accounts.find((a) => same(a.script, script))?.intention : undefined)

  let weight = (4 + 4 + 1 + 1) * 4 + 2
  const inputs = Array.from({ length: tx.inputsLength }, (_, index): PsbtInput => {
    const input = tx.getInput(index)
    if (!input.txid || input.index === undefined) throw new PsbtError(`Malformed PSBT: input ${index} names no coin`)
    const prevout = input.witnessUtxo ?? input.nonWitnessUtxo?.outputs[input.index]
    if (input.nonWitnessUtxo && !prevout) throw new PsbtError(`Malformed PSBT: input ${index} spends an output its previous transaction lacks`)
    weight += inputWeight(prevout?.script, input)
    return {
      index,
      txid: hexOf(input.txid),
      vout: input.index,
      address: prevout ? addressOf(prevout.script, params) : undefined,
      amount: prevout?.amount,
      owner: ownerOf(prevout?.script),
      sighashType: input.sighashType,
      finalized: isFinal(input),
    }
  })
  const outputs = Array.from({ length: tx.outputsLength }, (_, index): PsbtOutput => {
    const output = tx.getOutput(index)
    if (!output.script || output.amount === undefined) throw new PsbtError(`Malformed PSBT: output ${index} has no script or amount`)
    weight += (8 + 1 + output.script.length) * 4
    return {
      index,
      address: addressOf(output.script, params),
      data: output.script[0] === 0x6a,
      amount: output.amount,
      owner: ownerOf(output.script),
    }
  })
  const known = inputs.every((i) => i.amount !== undefined)
  const fee = known ? inputs.reduce((sum, i) => sum + i.amount!, 0n) - outputs.reduce((sum, o) => sum + o.amount, 0n) : undefined
  if (fee !== undefined && fee < 0n) throw new PsbtError('Malformed PSBT: the outputs spend more than the inputs')
  return { tx, inputs, outputs, fee, vsize: Math.ceil(weight / 4) }
}

/** One input the host asks the wallet to sign (WalletConnect's signInputs). */
export interface SignInput {
  address: string
  index: number
  sighashTypes?: number[]
}

/** What will be signed: each input with the account that signs it and the sighash types allowed. */
export interface SigningPlan {
  index: number
  account: BitcoinAccount
  sighashTypes: number[]
}

const DEFAULT_SIGHASHES = [SigHash.DEFAULT, SigHash.ALL]

/**
 * The inputs to sign: those named in `signInputs` (each must be the wallet's, at that address), else all the
 * wallet's inputs not finalized yet. Nothing to sign is refused.
 */
export function signingPlan(decoded: DecodedPsbt, accounts: readonly BitcoinAccount[], signInputs?: readonly SignInput[]): SigningPlan[] {
  const accountOf = (intention: BitcoinIntention | undefined) => accounts.find((a) => a.intention === intention)
  const named = signInputs ?? decoded.inputs.filter((i) => i.owner && !i.finalized).map((i) => ({ index: i.index, address: i.address ?? '' }))
  const seen = new Set<number>()
  const plan = named.map((request): SigningPlan => {
    const input = decoded.inputs[request.index]
    if (!input) throw new PsbtError(`The PSBT has no input ${request.index}`)
    if (seen.has(request.index)) throw new PsbtError(`Input ${request.index} is named twice`)
    seen.add(request.index)
    const account = accountOf(input.owner)
    if (!account || input.address !== request.address)
      throw new PsbtError(`Input ${request.index} does not spend ${request.address.slice(0, 100)}, an address of this wallet`)
    if (input.finalized) throw new PsbtError(`Input ${request.index} is already finalized`)
    const sighashTypes = 'sighashTypes' in request && request.sighashTypes?.length ? request.sighashTypes : DEFAULT_SIGHASHES
    if (input.sighashType !== undefined && !sighashTypes.includes(input.sighashType))
      throw new PsbtError(`Input ${request.index} asks for sighash ${input.sighashType}, not one of ${sighashTypes.join(', ')}`)
    return { index: request.index, account, sighashTypes }
  })
  if (plan.length === 0) throw new PsbtError('The PSBT has no input of this wallet to sign')
  return plan
}

/** The sighash types a plan signs with other than ALL/DEFAULT, by input: the approval screen warns of each. */
export function unusualSighashes(decoded: DecodedPsbt, plan: readonly SigningPlan[]): { index: number; sighashType: number }[] {
  return plan.flatMap(({ index }) => {
    const type = decoded.inputs[index]!.sighashType
    return type !== undefined && !DEFAULT_SIGHASHES.includes(type) ? [{ index, sighashType: type }] : []
  })
}

/**
 * Signs the planned inputs (BIP-174's signer: the PSBT comes back signed, not finalized). A taproot input of the
 * ordinal account gets its internal key (BIP-86: no script tree) when the PSBT lacks it.
 */
export function signPlanned(decoded: DecodedPsbt, plan: readonly SigningPlan[], auxRand?: Uint8Array): Transaction {
  const tx = decoded.tx.clone()
  for (const { index, account, sighashTypes } of plan) {
    if (account.intention === 'ordinal' && !tx.getInput(index).tapInternalKey) tx.updateInput(index, { tapInternalKey: account.publicKey })
    if (!tx.signIdx(account.privateKey, index, sighashTypes, auxRand)) throw new PsbtError(`Input ${index} could not be signed`)
  }
  return tx
}

/** The signed transaction to broadcast: every input finalized (a copy; the PSBT returned stays unfinalized). */
export function extractSigned(tx: Transaction): { hex: string; txid: string } {
  const final = tx.clone()
  try {
    final.finalize()
  } catch (error) {
    throw new PsbtError(`The transaction cannot be broadcast: ${error instanceof Error ? error.message : 'an input is not signed'}`)
  }
  return { hex: hexOf(final.extract()), txid: final.id }
}

/** SigHash names for the approval screen. */
export const sighashName = (type: number) => SigHash[type] ?? `0x${type.toString(16).padStart(2, '0')}`
