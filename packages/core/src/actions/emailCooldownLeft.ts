import { Time } from '../spec/defaults.js'
import type { Portico } from '../portico.js'

export type EmailCooldownLeftReturnType = number
export type EmailCooldownLeftErrorType = never

/** SPEC §5: an email login trigger within 30 s of the previous one is refused. */
export function emailCooldownLeft(portico: Portico): number {
  const last = portico.stores.embedded.getState().lastEmailRequestAt
  if (last === undefined) return 0
  return Math.max(0, last + Time.emailLoginCooldownMs - portico.clock.now())
}
