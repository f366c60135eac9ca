/** The fee rates the Send view offers (sat/vB), from the API's estimates by confirmation target. */
export interface FeeRates {
  slow: number
  normal: number
  fast: number
}

/** Bounds of an offered rate: Bitcoin Core's minimum relay fee (1 sat/vB) and a ceiling no estimate should pass. */
export const FEE_RATE_LIMITS = { min: 1, max: 5_000 } as const

/** Targets (blocks) read for each speed: about a day, an hour, the next block. */
export const FEE_TARGETS = { slow: 144, normal: 6, fast: 1 } as const

/**
 * slow/normal/fast from /fee-estimates: the estimate of each speed's target (else the nearest
 * longer target's, else the nearest shorter one's), rounded up to whole sat/vB and clamped to
 * FEE_RATE_LIMITS; a faster speed is never cheaper than a slower one.
 */
export function feeRates(estimates: Record<string, number>): FeeRates {
  const targets = Object.entries(estimates)
    .map(([target, rate]) => [Number(target), rate] as const)
    .filter(([target, rate]) => Number.isFinite(rate) && target > 0)
    .sort((a, b) => a[0] - b[0])
  const at = (target: number) => {
    const rate = targets.find(([t]) => t >= target)?.[1] ?? targets.at(-1)?.[1] ?? FEE_RATE_LIMITS.min
    return Math.min(FEE_RATE_LIMITS.max, Math.max(FEE_RATE_LIMITS.min, Math.ceil(rate)))
  }
  const slow = at(FEE_TARGETS.slow)
  const normal = Math.max(slow, at(FEE_TARGETS.normal))
  return { slow, normal, fast: Math.max(normal, at(FEE_TARGETS.fast)) }
}
