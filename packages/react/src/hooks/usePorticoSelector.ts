import type { Portico } from '@portico/core'
import { useRef, useSyncExternalStore } from 'react'
import { usePortico } from '../context.js'

const sameItems = (a: unknown, b: unknown) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => Object.is(item, b[i]))

/**
 * Equal when both are the same value, or arrays / plain objects whose items or own values are the same, a value
 * that is an array counting as the same when its items are: what a selector that builds a new object (with a
 * filtered list in it) each time needs.
 */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  if (keysA.length !== Object.keys(b).length) return false
  return keysA.every((key) => {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false
    const x = (a as Record<string, unknown>)[key]
    const y = (b as Record<string, unknown>)[key]
    return Object.is(x, y) || sameItems(x, y)
  })
}

/**
 * Subscribes a component to what `selector` reads of the instance (portico.subscribe), re-rendering only when
 * the selection changes by `isEqual` (Object.is by default; shallowEqual for a selector that builds an object).
 */
export function usePorticoSelector<T>(selector: (portico: Portico) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const portico = usePortico()
  const last = useRef<{ value: T } | undefined>(undefined)
  const getSnapshot = () => {
    const next = selector(portico)
    if (last.current && isEqual(last.current.value, next)) return last.current.value
    last.current = { value: next }
    return next
  }
  return useSyncExternalStore(portico.subscribe, getSnapshot, getSnapshot)
}
