import { z } from 'zod'
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from '../relay/limits.js'
import { nonNegativeInt, positiveInt } from './fields.js'

const words = (key: string) => key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)

/** Each relay limit, defaulting to relay/limits.ts (documented there field by field). */
const limitShape = Object.fromEntries(
  Object.entries(DEFAULT_RELAY_LIMITS).map(([key, fallback]) => [
    key,
    typeof fallback === 'number'
      ? (key === 'proxyHops' ? nonNegativeInt() : positiveInt()).optional().describe(`Relay ${words(key)} (${fallback}).`)
      : z
          .strictObject({
            perSecond: positiveInt().default(fallback.perSecond).describe('Refilled per second.'),
            burst: positiveInt().default(fallback.burst).describe('The bucket size.'),
          })
          .optional()
          .describe(`Relay ${words(key)} (${fallback.perSecond}/s, burst ${fallback.burst}).`),
  ]),
) as unknown as { [K in keyof RelayLimits]: z.ZodOptional<z.ZodType<RelayLimits[K]>> }

export const relayShape = {
  relay: z.strictObject(limitShape).optional().describe('WalletConnect relay limits (defaults in relay/limits.ts).'),
}
