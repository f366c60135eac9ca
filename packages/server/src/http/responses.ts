import { z } from '@hono/zod-openapi'

/** Every error answer: `{ error, reasons?, code?, retryAt?, retryAfterSec? }` (the app's error handler, validation, the guards). */
export const ErrorSchema = z
  .object({
    error: z.string(),
    reasons: z.array(z.object({ description: z.string() })).optional(),
    code: z.string().optional().describe('Names the refusal, for clients that show their own words'),
    retryAt: z.string().optional().describe('When the request may be made again (with Retry-After)'),
    retryAfterSec: z.number().optional(),
  })
  .openapi('Error')

/** An error answer with one reason: `{ error, reasons: [{ description }] }`. */
export const errorBody = (error: string, description: string) => ({ error, reasons: [{ description }] })

/** A JSON response for route definitions. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })

/** A required JSON request body for route definitions (`request: { body: jsonBody(schema) }`). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } })

/** An error response for route definitions. */
export const errorResponse = (description: string) => json(ErrorSchema, description)

/** The error responses every API route may give (validation, project guard, rate limits). */
export const errorResponses = {
  400: errorResponse('Invalid request'),
  403: errorResponse('Unknown project'),
  429: errorResponse('Rate limited'),
}
