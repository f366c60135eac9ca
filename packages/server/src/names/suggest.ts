import { isValidName } from '@portico/core/spec'
import type { Queryable } from '../db/database.js'
import { registeredAmong } from './store.js'

/** How many available variants follow the requested name. */
export const SUGGESTION_COUNT = 4

/** Deterministic label variants of `label`, all valid labels, in order of preference. */
export function labelVariants(label: string, year = new Date().getUTCFullYear()): string[] {
  const candidates = [
    `${label}1`,
    `${label}2`,
    `${label}-${year}`,
    `the-${label}`,
    `${label}-id`,
    `my${label}`,
    `${label}3`,
    `${label}-wallet`,
    `${label}7`,
    `${label}-${String(year).slice(2)}`,
    ...Array.from({ length: 20 }, (_, i) => `${label}${10 + i * 7}`),
  ]
  return [...new Set(candidates)].filter((c) => c !== label && isValidName(c))
}

/** The requested name first (registered or not), then up to SUGGESTION_COUNT available variants. */
export async function suggestNames(db: Queryable, label: string, suffix: string) {
  const requested = label + suffix
  const variants = labelVariants(label).map((v) => v + suffix)
  const taken = await registeredAmong(db, [requested, ...variants])
  return [
    { name: requested, registered: taken.has(requested) },
    ...variants
      .filter((v) => !taken.has(v))
      .slice(0, SUGGESTION_COUNT)
      .map((name) => ({ name, registered: false })),
  ]
}
