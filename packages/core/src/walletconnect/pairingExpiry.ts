import type { Portico } from '../portico.js'

/** Stops the timer that marks the shown pairing URI expired (SPEC §4 cache rule). */
export function clearPairingExpiry(portico: Portico) {
  const handle = portico.timers.get('wcExpiry')
  if (handle !== undefined) portico.clock.clearTimeout(handle)
  portico.timers.delete('wcExpiry')
}
