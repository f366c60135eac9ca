import { decodeBip122Address } from '@portico/core/spec'
import { BelowDustError, InsufficientBalanceError } from './errors.js'

export type ScriptKind = 'p2wpkh' | 'p2wsh' | 'p2tr' | 'p2sh' | 'p2pkh' | 'witness'

/** The output script an address pays to. */
export function scriptKindOf(address: string): ScriptKind {
  const decoded = decodeBip122Address(address)
  if (!decoded) throw new Error(`not a Bitcoin address: ${address}`)
  if (decoded.kind !== 'witness') return decoded.kind
  if (decoded.version === 0) return decoded.program.length === 20 ? 'p2wpkh' : 'p2wsh'
  return decoded.version === 1 && decoded.program.length === 32 ? 'p2tr' : 'witness'
}

/** Virtual bytes an input spending the kind adds (signed; a P2SH input is taken as P2SH-P2WPKH). */
const INPUT_VBYTES: Record<ScriptKind, number> = { p2wpkh: 68, p2tr: 57.5, p2sh: 91, p2pkh: 148, p2wsh: 104, witness: 104 }
/** Virtual bytes of an output paying the kind. */
const OUTPUT_VBYTES: Record<ScriptKind, number> = { p2wpkh: 31, p2tr: 43, p2sh: 32, p2pkh: 34, p2wsh: 43, witness: 51 }
/** Version, locktime, counts, segwit marker and flag. */
const OVERHEAD_VBYTES = 10.5

/** The dust limit Portico keeps outputs at or above (Bitcoin Core's for P2PKH at 3 sat/vB; P2WPKH's is 294). */
export const DUST_LIMIT = 546n

export interface Utxo {
  txid: string
  vout: number
  value: bigint
}

export interface Selection {
  inputs: Utxo[]
  /** Satoshis paid to the miners (fee = vsize × rate, plus change below dust when there is some). */
  fee: bigint
  /** Satoshis back to the payment address; 0n when no change output. */
  change: bigint
  vsize: number
}

/** The virtual size of a transaction spending `inputs` of `from` to `to`, with change back to `from` or not. */
export function estimateVsize(inputCount: number, from: ScriptKind, to: ScriptKind, withChange: boolean): number {
  return Math.ceil(OVERHEAD_VBYTES + inputCount * INPUT_VBYTES[from] + OUTPUT_VBYTES[to] + (withChange ? OUTPUT_VBYTES[from] : 0))
}

/**
 * Largest-first coin selection: spends the biggest coins until they cover the amount and the fee
 * (vsize × rate). Change below the dust limit is left to the fee. Amounts below dust and coins that
 * do not cover the send are typed errors.
 */
export function selectCoins({
  utxos,
  amount,
  feeRate,
  from,
  to,
}: {
  utxos: readonly Utxo[]
  amount: bigint
  feeRate: number
  from: string
  to: string
}): Selection {
  if (amount < DUST_LIMIT) throw new BelowDustError(formatBtc(DUST_LIMIT), 'BTC')
  const fromKind = scriptKindOf(from)
  const toKind = scriptKindOf(to)
  const rate = Math.max(feeRate, 1)
  const feeFor = (count: number, withChange: boolean) => BigInt(Math.ceil(estimateVsize(count, fromKind, toKind, withChange) * rate))
  const sorted = [...utxos].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))
  const inputs: Utxo[] = []
  let total = 0n
  for (const utxo of sorted) {
    inputs.push(utxo)
    total += utxo.value
    const withChange = feeFor(inputs.length, true)
    const change = total - amount - withChange
    if (change >= DUST_LIMIT) return { inputs, fee: withChange, change, vsize: estimateVsize(inputs.length, fromKind, toKind, true) }
    const without = feeFor(inputs.length, false)
    if (total >= amount + without) return { inputs, fee: total - amount, change: 0n, vsize: estimateVsize(inputs.length, fromKind, toKind, false) }
  }
  throw new InsufficientBalanceError()
}

/** Satoshis as BTC, without trailing zeros. */
export function formatBtc(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
