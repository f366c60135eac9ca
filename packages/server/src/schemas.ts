import { CAIP2_PATTERN } from '@portico/core/spec'
import { z } from '@hono/zod-openapi'

/** SPEC §7: the query params accepted on every call. */
export const CommonQuery = {
  projectId: z.string().min(1).max(128).openapi({ description: 'The project id', example: 'portico-dev' }),
  st: z.string().max(64).optional().openapi({ description: 'SDK type' }),
  sv: z.string().max(64).optional().openapi({ description: 'SDK version' }),
  clientId: z.string().max(256).optional().openapi({ description: 'Client id of the caller' }),
}

export const EvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid EVM address')
export const CaipNetworkId = z.string().regex(CAIP2_PATTERN, 'Invalid CAIP-2 chain id')
