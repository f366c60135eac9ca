import { z } from 'zod'
import { caip2, secret } from './fields.js'

/** Buying crypto. */
export const onrampShape = {
  sandboxOnramp: z
    .record(caip2(), z.strictObject({ usdc: z.string().min(1), minterPrivateKey: secret(z.string().min(1)) }))
    .optional()
    .describe(
      'Development only (--dev): the sandbox onramp (no real money) per devnet chain: its USDC contract or mint and the key that mints it. Refused without --dev.',
    ),
}
