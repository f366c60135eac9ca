/**
 * JSON-RPC framing for the relay. Client request ids are 19-digit numbers (above 2^53), so the
 * top-level `id` is kept as the literal JSON text it arrived as and echoed back verbatim.
 */

import { RPC_ERRORS } from './refusals.js'

export type Frame =
  | { kind: 'request'; idRaw: string; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: number | string; ok: boolean }
  | { kind: 'invalid'; idRaw: string | null; code: number; message: string }

/**
 * The raw text of the top-level `"id"` member of a JSON object, or null when absent/not found.
 * A small scanner: it follows strings (with escapes) and nesting depth, so `"id"` keys inside
 * params or inside string values are never taken.
 */
export function rawTopLevelId(text: string): string | null {
  let depth = 0
  let i = 0
  const n = text.length
  let expectKey = false
  while (i < n) {
    const c = text[i]!
    if (c === '"') {
      const end = stringEnd(text, i)
      if (end < 0) return null
      if (depth === 1 && expectKey) {
        const key = text.slice(i, end + 1)
        let j = end + 1
        while (j < n && /\s/.test(text[j]!)) j++
        if (text[j] !== ':') return null
        j++
        while (j < n && /\s/.test(text[j]!)) j++
        if (key === '"id"') return valueLiteral(text, j)
        i = j
        expectKey = false
        continue
      }
      i = end + 1
      continue
    }
    if (c === '{') {
      depth++
      expectKey = depth === 1
    } else if (c === '[') depth++
    else if (c === '}' || c === ']') depth--
    else if (c === ',' && depth === 1) expectKey = true
    i++
  }
  return null
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (c === '"') return i
  }
  return -1
}

/** A JSON-RPC id literal: a number or a string (null and others are not echoed). */
function valueLiteral(text: string, start: number): string | null {
  if (text[start] === '"') {
    const end = stringEnd(text, start)
    return end < 0 ? null : text.slice(start, end + 1)
  }
  const match = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(text.slice(start, start + 40))
  return match ? match[0] : null
}

export function parseFrame(text: string): Frame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'invalid', idRaw: null, ...RPC_ERRORS.parse }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { kind: 'invalid', idRaw: null, ...RPC_ERRORS.invalidRequest }
  const obj = value as Record<string, unknown>
  const hasId = 'id' in obj && obj.id !== null && obj.id !== undefined
  const idRaw = hasId ? rawTopLevelId(text) : null
  if (hasId && (typeof obj.id === 'number' || typeof obj.id === 'string') && idRaw === null)
    return { kind: 'invalid', idRaw: null, ...RPC_ERRORS.invalidRequest }
  if (typeof obj.method === 'string') {
    if (obj.method.length === 0 || obj.method.length > 64) return { kind: 'invalid', idRaw, ...RPC_ERRORS.invalidRequest }
    if (!hasId) return { kind: 'notification', method: obj.method, params: obj.params }
    if (typeof obj.id !== 'number' && typeof obj.id !== 'string') return { kind: 'invalid', idRaw: null, ...RPC_ERRORS.invalidRequest }
    return { kind: 'request', idRaw: idRaw!, method: obj.method, params: obj.params }
  }
  if (hasId && ('result' in obj || 'error' in obj) && (typeof obj.id === 'number' || typeof obj.id === 'string'))
    return { kind: 'response', id: obj.id, ok: 'result' in obj && !('error' in obj) }
  return { kind: 'invalid', idRaw, ...RPC_ERRORS.invalidRequest }
}

export function resultFrame(idRaw: string, result: unknown): string {
  return `{"id":${idRaw},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

export function errorFrame(idRaw: string | null, error: { code: number; message: string; data?: unknown }): string {
  return `{"id":${idRaw ?? 'null'},"jsonrpc":"2.0","error":${JSON.stringify(error)}}`
}

export function requestFrame(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params })
}
