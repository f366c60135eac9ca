import { isCaip2 } from '@portico/core/spec'
import { z } from 'zod'

/**
 * Building blocks of the configuration schema. Each key's `.describe()` text is its documentation
 * (docs/server-config.md is generated from it), and each message says what was expected.
 */

/**
 * The definitions of a schema and of the ones it wraps (optional, default). Marks go on definitions:
 * `.describe()` makes a clone that shares its definition, so the mark survives it.
 */
function chain(schema: z.ZodType): object[] {
  const out: object[] = [(schema as unknown as { def: object }).def]
  let def = (schema as unknown as { def: { innerType?: z.ZodType } }).def
  while (def.innerType) {
    def = (def.innerType as unknown as { def: { innerType?: z.ZodType } }).def
    out.push(def)
  }
  return out
}

/** Keys whose values are secrets: readable from `<ENV>_FILE` too, redacted in the reference. */
export const secretKeys = new WeakSet<object>()

/** Marks a schema as a secret (an env `*_FILE` path may hold it). */
export function secret<T extends z.ZodType>(schema: T): T {
  for (const s of chain(schema)) secretKeys.add(s)
  return schema
}

/** Keys that only code can set (functions, streams): listed in the reference, not read from files or env. */
export const programmaticKeys = new WeakSet<object>()

export function programmatic<T extends z.ZodType>(schema: T): T {
  for (const s of chain(schema)) programmaticKeys.add(s)
  return schema
}

/** Extra environment names a key is also read from (before its PORTICO_* name). */
export const envAliases = new WeakMap<object, string[]>()

export function alias<T extends z.ZodType>(schema: T, ...names: string[]): T {
  for (const s of chain(schema)) envAliases.set(s, names)
  return schema
}

export const port = (min = 1) =>
  z
    .number({ error: `expected a number from ${min} to 65535` })
    .int({ error: `expected a number from ${min} to 65535` })
    .min(min, { error: `expected a number from ${min} to 65535` })
    .max(65535, { error: `expected a number from ${min} to 65535` })

export const positiveInt = () =>
  z.number({ error: 'expected a whole number' }).int({ error: 'expected a whole number' }).positive({ error: 'expected a number above 0' })

export const nonNegativeInt = () =>
  z.number({ error: 'expected a whole number' }).int({ error: 'expected a whole number' }).min(0, { error: 'expected a number from 0' })

export const httpUrl = () => z.string({ error: 'expected an http(s) URL' }).regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, { error: 'expected an http(s) URL' })

export const wsOrHttpUrl = () =>
  z.string({ error: 'expected a URL' }).regex(/^(https?|wss?):\/\/[^\s/]+(\/\S*)?$/, { error: 'expected an http(s) or ws(s) URL' })

export const caip2 = () => z.string().refine(isCaip2, { error: 'expected a CAIP-2 chain id such as eip155:1 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })

export const hexAddress = () =>
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'expected a 0x address (20 bytes hex)' }) as unknown as z.ZodType<`0x${string}`>

export const base64Key = () =>
  z.string({ error: 'expected 32 bytes in base64' }).refine((s) => Buffer.from(s, 'base64').length === 32, { error: 'expected 32 bytes in base64' })

export const stringList = () =>
  z.array(z.string({ error: 'expected a list of strings' }), { error: 'expected a list of strings (comma-separated in the environment)' })
