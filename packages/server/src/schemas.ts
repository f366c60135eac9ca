import { CAIP2_PATTERN } from '@portico/core/spec'
import { z } from '@hono/zod-openapi'

/** SPEC §7: the query params accepted on every call. */
export const CommonQuery = {
  projectId: z.string().min(1).max(128).openapi({ description: 'The project id', example: 'portico-dev' }),
  st: z.string().max(64).optional().openapi({ description: 'SDK type' }),
  sv: z.string().max(64).optional().openapi({ description: 'SDK version' }),
  clientId: z.string().max(256).optional().openapi({ description: 'Client id of the caller' }),
}

export const ErrorSchema = z
  .object({ error: z.string(), reasons: z.array(z.object({ description: z.string() })).optional() })
  .openapi('Error')

export const EvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid EVM address')
export const CaipNetworkId = z.string().regex(CAIP2_PATTERN, 'Invalid CAIP-2 chain id')

/** Standard error responses for route definitions. */
export const errorResponses = {
  400: { description: 'Invalid request', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'Unknown project', content: { 'application/json': { schema: ErrorSchema } } },
  429: { description: 'Rate limited', content: { 'application/json': { schema: ErrorSchema } } },
}
