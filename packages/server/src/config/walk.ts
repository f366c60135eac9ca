import type { z } from 'zod'
import { envAliases, programmaticKeys, secretKeys } from './fields.js'

/** One documented key: a leaf of the schema (objects are walked into; lists, records and unions are leaves). */
export interface ConfigKey {
  path: string[]
  schema: z.ZodType
  /** The innermost schema, without optional/default wrappers. */
  inner: z.ZodType
  description: string | undefined
  defaultValue: unknown
  env: string[]
  secret: boolean
  programmatic: boolean
}

type Def = { type: string; innerType?: z.ZodType; defaultValue?: unknown; shape?: Record<string, z.ZodType>; element?: z.ZodType; valueType?: z.ZodType }
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def

/** optional/default/nullable peeled off, with the default and the markers met on the way. */
export function unwrap(schema: z.ZodType) {
  let current = schema
  let defaultValue: unknown
  let description = schema.description
  let secret = secretKeys.has(defOf(schema))
  let programmatic = programmaticKeys.has(defOf(schema))
  let aliases = envAliases.get(defOf(schema)) ?? []
  for (;;) {
    const def = defOf(current)
    if (def.type === 'default') defaultValue ??= typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue
    if (!['optional', 'default', 'nullable', 'prefault'].includes(def.type) || !def.innerType) break
    current = def.innerType
    description ??= current.description
    secret ||= secretKeys.has(defOf(current))
    programmatic ||= programmaticKeys.has(defOf(current))
    if (aliases.length === 0) aliases = envAliases.get(defOf(current)) ?? []
  }
  return { inner: current, defaultValue, description, secret, programmatic, aliases }
}

export const isObjectSchema = (schema: z.ZodType) => defOf(schema).type === 'object'
export const shapeOf = (schema: z.ZodType) => defOf(schema).shape ?? {}

/** PORTICO_ + the path in SCREAMING_SNAKE_CASE joined by '_': smtp.password → PORTICO_SMTP_PASSWORD. */
export const envNameOf = (path: string[]) =>
  `PORTICO_${path
    .map((p) => p.replace(/[A-Z]/g, (c) => `_${c}`))
    .join('_')
    .toUpperCase()}`

/** Every leaf key of an object schema, in declaration order. */
export function configKeys(schema: z.ZodType, path: string[] = []): ConfigKey[] {
  const out: ConfigKey[] = []
  for (const [name, child] of Object.entries(shapeOf(schema))) {
    const at = [...path, name]
    const u = unwrap(child)
    if (isObjectSchema(u.inner) && !u.programmatic) {
      out.push(...configKeys(u.inner, at))
      continue
    }
    out.push({
      path: at,
      schema: child,
      inner: u.inner,
      description: u.description,
      defaultValue: u.defaultValue,
      env: u.programmatic ? [] : [envNameOf(at), ...u.aliases],
      secret: u.secret,
      programmatic: u.programmatic,
    })
  }
  return out
}

/** The schema at a path (through objects, records, arrays), for messages about that key. */
export function schemaAt(schema: z.ZodType, path: PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema
  for (const segment of path) {
    if (!current) return undefined
    const inner = unwrap(current).inner
    const def = defOf(inner)
    if (def.type === 'object') current = def.shape?.[String(segment)]
    else if (def.type === 'record') current = def.valueType
    else if (def.type === 'array') current = def.element
    else return undefined
  }
  return current
}

/** A short type name for the reference and for coercing environment strings. */
export function typeName(schema: z.ZodType): string {
  const inner = unwrap(schema).inner
  const def = defOf(inner) as Def & { options?: z.ZodType[]; entries?: Record<string, string>; values?: unknown[] }
  switch (def.type) {
    case 'union':
      return (def.options ?? []).map(typeName).join(' | ')
    case 'array':
      return `${typeName(def.element!)}[]`
    case 'record':
      return `record of ${typeName(def.valueType!)}`
    case 'enum':
      return Object.values(def.entries ?? {})
        .map((v) => JSON.stringify(v))
        .join(' | ')
    case 'literal':
      return (def.values ?? []).map((v) => JSON.stringify(v)).join(' | ')
    case 'pipe':
      return typeName((def as unknown as { in: z.ZodType }).in)
    default:
      return def.type
  }
}
