import { CAIP2_PATTERN } from '@portico/core/spec'
import { z } from '@hono/zod-openapi'

const isoDate = (field: string) =>
  z
    .string()
    .max(64)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), `${field} must be an ISO 8601 date-time`)

/** SPEC §3 'SIWX session message'. */
export const SiwxMessageDataSchema = z
  .object({
    accountAddress: z.string().min(1).max(128),
    chainId: z.string().regex(CAIP2_PATTERN, 'chainId must be a CAIP-2 id such as eip155:1'),
    domain: z.string().min(1).max(253),
    uri: z
      .string()
      .min(1)
      .max(2048)
      .refine((v) => URL.canParse(v), 'uri must be a URI'),
    version: z.string().min(1).max(16),
    nonce: z.string().min(1).max(256),
    notBefore: isoDate('notBefore').optional(),
    statement: z.string().max(4096).optional(),
    resources: z.array(z.string().max(2048)).max(64).optional(),
    requestId: z.string().max(256).optional(),
    issuedAt: isoDate('issuedAt'),
    expirationTime: isoDate('expirationTime').optional(),
  })
  .openapi('SiwxMessageData')

export const SiwxSessionInputSchema = z
  .object({
    data: SiwxMessageDataSchema,
    message: z.string().min(1).max(16_384),
    signature: z.string().min(1).max(20_000),
    cacao: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('SiwxSessionInput')

export const SiwxSessionSchema = SiwxSessionInputSchema.extend({ createdAt: z.string() }).openapi('SiwxSession')

export type SiwxSessionInput = z.infer<typeof SiwxSessionInputSchema>
export type SiwxSession = z.infer<typeof SiwxSessionSchema>
