/**
 * The Esplora HTTP API's response shapes (the documented ones of the esplora/electrs servers), as
 * valibot schemas: the devnet's tests check its answers with them and the Portico server can parse a
 * production Esplora's answers with the same ones. Node-free. Amounts are satoshis (JSON numbers, as
 * Esplora sends them); only the fields Portico reads are required, anything else passes through.
 */
import * as v from 'valibot'

const Hex = v.pipe(v.string(), v.regex(/^([0-9a-f]{2})*$/))
const Txid = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))
const Sats = v.pipe(v.number(), v.integer(), v.minValue(0))
const Height = v.pipe(v.number(), v.integer(), v.minValue(0))

export const EsploraTxStatusSchema = v.looseObject({
  confirmed: v.boolean(),
  block_height: v.optional(Height),
  block_hash: v.optional(Txid),
  block_time: v.optional(v.number()),
})

export const EsploraTxOutSchema = v.looseObject({
  scriptpubkey: Hex,
  scriptpubkey_type: v.string(),
  /** Absent for outputs without an address (OP_RETURN, bare multisig, unknown witness versions). */
  scriptpubkey_address: v.optional(v.string()),
  value: Sats,
})

export const EsploraTxInSchema = v.looseObject({
  txid: Txid,
  vout: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** null for a coinbase input. */
  prevout: v.nullable(EsploraTxOutSchema),
  scriptsig: v.optional(Hex),
  /** Absent when the input has no witness. */
  witness: v.optional(v.array(Hex)),
  is_coinbase: v.optional(v.boolean()),
  sequence: v.number(),
})

export const EsploraTxSchema = v.looseObject({
  txid: Txid,
  version: v.number(),
  locktime: v.number(),
  vin: v.array(EsploraTxInSchema),
  vout: v.array(EsploraTxOutSchema),
  size: v.number(),
  weight: v.number(),
  fee: Sats,
  status: EsploraTxStatusSchema,
})

export const EsploraTxListSchema = v.array(EsploraTxSchema)

const EsploraStatsSchema = v.looseObject({
  funded_txo_count: v.number(),
  funded_txo_sum: Sats,
  spent_txo_count: v.number(),
  spent_txo_sum: Sats,
  tx_count: v.number(),
})

export const EsploraAddressSchema = v.looseObject({
  address: v.string(),
  chain_stats: EsploraStatsSchema,
  mempool_stats: EsploraStatsSchema,
})

export const EsploraUtxoSchema = v.looseObject({
  txid: Txid,
  vout: v.pipe(v.number(), v.integer(), v.minValue(0)),
  value: Sats,
  status: EsploraTxStatusSchema,
})

export const EsploraUtxoListSchema = v.array(EsploraUtxoSchema)

export const EsploraOutspendSchema = v.looseObject({
  spent: v.boolean(),
  txid: v.optional(Txid),
  vin: v.optional(v.number()),
  status: v.optional(EsploraTxStatusSchema),
})

/** Confirmation target (blocks, as a string key) → sat/vB. */
export const EsploraFeeEstimatesSchema = v.record(v.pipe(v.string(), v.regex(/^\d+$/)), v.pipe(v.number(), v.minValue(0)))

/** GET /blocks/tip/height answers a decimal integer as text. */
export const EsploraTipHeightSchema = v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))

/** GET /blocks/tip/hash and POST /tx answer a hash as text. */
export const EsploraHashTextSchema = Txid

export type EsploraTxStatus = v.InferOutput<typeof EsploraTxStatusSchema>
export type EsploraTxOut = v.InferOutput<typeof EsploraTxOutSchema>
export type EsploraTxIn = v.InferOutput<typeof EsploraTxInSchema>
export type EsploraTx = v.InferOutput<typeof EsploraTxSchema>
export type EsploraAddress = v.InferOutput<typeof EsploraAddressSchema>
export type EsploraStats = v.InferOutput<typeof EsploraStatsSchema>
export type EsploraUtxo = v.InferOutput<typeof EsploraUtxoSchema>
export type EsploraOutspend = v.InferOutput<typeof EsploraOutspendSchema>
export type EsploraFeeEstimates = v.InferOutput<typeof EsploraFeeEstimatesSchema>
