/**
 * What a transaction pays, as the runtime charges it: 5,000 lamports per signature plus the
 * prioritization fee, ceil(compute unit price × compute unit limit / 1,000,000).
 */

/** The parts of a compiled message the fee depends on (chain.ts's DecodedMessage has them). */
export interface FeeMessage {
  header: { numSignerAccounts: number }
  staticAccounts: readonly string[]
  instructions: readonly { programAddressIndex: number; data?: ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number; byteLength: number } }[]
}

export const LAMPORTS_PER_SIGNATURE = 5000n

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const SET_COMPUTE_UNIT_LIMIT = 2
const SET_COMPUTE_UNIT_PRICE = 3
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n
/** Without SetComputeUnitLimit, each instruction reserves this much: builtins little, programs a lot. */
const DEFAULT_BUILTIN_UNITS = 3_000n
const DEFAULT_PROGRAM_UNITS = 200_000n
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
])

export function transactionFee(message: FeeMessage): bigint {
  let price = 0n
  let limit: bigint | undefined
  let defaultLimit = 0n
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex]
    const data = ix.data
    if (program === COMPUTE_BUDGET_PROGRAM && data) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (data[0] === SET_COMPUTE_UNIT_LIMIT && data.length >= 5) limit = BigInt(view.getUint32(1, true))
      if (data[0] === SET_COMPUTE_UNIT_PRICE && data.length >= 9) price = view.getBigUint64(1, true)
    }
    defaultLimit += BUILTIN_PROGRAMS.has(program) ? DEFAULT_BUILTIN_UNITS : DEFAULT_PROGRAM_UNITS
  }
  const units = (limit ?? defaultLimit) < MAX_COMPUTE_UNIT_LIMIT ? (limit ?? defaultLimit) : MAX_COMPUTE_UNIT_LIMIT
  const priority = (price * units + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority
}
