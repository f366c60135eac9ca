/** Reading JSON-RPC params the way Agave checks them, with its -32602 wording. */
import type { Address } from '@solana/kit'
import { fromBase58, keyBytes } from './encoding'
import { invalidParams } from './errors'

export type Params = readonly unknown[]

export function paramsOf(raw: unknown): Params {
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) throw invalidParams('Invalid params: invalid type: map, expected a sequence.')
  return raw
}

export function requireCount(params: Params, count: number): void {
  if (params.length < count) throw invalidParams(`\`params\` should have at least ${count} argument(s)`)
}

function typeName(value: unknown): string {
  if (value === null) return 'unit value'
  if (Array.isArray(value)) return 'sequence'
  if (typeof value === 'number') return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``
  if (typeof value === 'string') return `string "${value}"`
  if (typeof value === 'boolean') return `boolean \`${value}\``
  return 'map'
}

export function stringParam(params: Params, index: number): string {
  requireCount(params, index + 1)
  const value = params[index]
  if (typeof value !== 'string') throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a string.`)
  return value
}

export function integerParam(params: Params, index: number): bigint {
  requireCount(params, index + 1)
  const value = params[index]
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected u64.`)
  }
  return BigInt(value)
}

/** A 32-byte base58 public key: 'Invalid param: Invalid' / 'Invalid param: WrongSize' otherwise. */
export function toAddress(value: unknown): Address {
  if (typeof value !== 'string') throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a string.`)
  let bytes: Uint8Array
  try {
    bytes = keyBytes(value)
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== 32) throw invalidParams('Invalid param: WrongSize')
  return value as Address
}

export function addressParam(params: Params, index: number): Address {
  requireCount(params, index + 1)
  return toAddress(params[index])
}

export function signatureParam(value: unknown): string {
  if (typeof value !== 'string') throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a string.`)
  let bytes: Uint8Array
  try {
    bytes = fromBase58(value)
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== 64) throw invalidParams('Invalid param: WrongSize')
  return value
}

export function arrayParam(params: Params, index: number, max: number): unknown[] {
  requireCount(params, index + 1)
  const value = params[index]
  if (!Array.isArray(value)) throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a sequence.`)
  if (value.length > max) throw invalidParams(`Too many inputs provided; max ${max}`)
  return value
}

/** The optional config object after the positional params. */
export function configParam<T extends object>(params: Params, index: number): Partial<T> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a map.`)
  }
  return value as Partial<T>
}
