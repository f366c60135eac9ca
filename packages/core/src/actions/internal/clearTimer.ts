import type { Portico } from '../../portico.js'

/** Cancels the named timer of `portico.timers`, if it is pending. */
export function clearTimer(portico: Portico, key: string) {
  const handle = portico.timers.get(key)
  if (handle !== undefined) portico.clock.clearTimeout(handle)
  portico.timers.delete(key)
}
