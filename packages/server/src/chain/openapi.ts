import { ErrorSchema, errorResponses } from '../schemas.js'

/** An error response for route definitions ({ error, reasons? }). */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ErrorSchema } } }
}

/**
 * schemas.ts's errorResponses without the deep `readonly` of its `as const`: with it,
 * @hono/zod-openapi leaves 400/403/429 out of the handler's typed responses, so `c.json(…, 400)`
 * does not type-check.
 */
export const apiErrors = {
  400: errorResponse(errorResponses[400].description),
  403: errorResponse(errorResponses[403].description),
  429: errorResponse(errorResponses[429].description),
}
