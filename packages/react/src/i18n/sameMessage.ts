import { shallowEqual } from '../hooks/usePorticoSelector.js'

/** What core hands a view to show: a catalogue key and its parameters (a problem adds its kind). */
interface MessageLike {
  key: string
  params?: Record<string, string | number>
  kind?: string
}

const isMessage = (value: unknown): value is MessageLike => typeof value === 'object' && value !== null && typeof (value as MessageLike).key === 'string'

/**
 * The same message: same key, kind and parameters. A rule builds a new one on each read, so a view
 * that selects one (usePorticoSelector) compares what it says, not its identity.
 */
export function sameMessage(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  return isMessage(a) && isMessage(b) && a.key === b.key && a.kind === b.kind && shallowEqual(a.params, b.params)
}

/** shallowEqual for a selection that holds a message among its values (NameAvailability's hint). */
export function shallowEqualWithMessages<T>(a: T, b: T): boolean {
  if (shallowEqual(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  const keys = Object.keys(x)
  return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && sameMessage(x[key], y[key]))
}
