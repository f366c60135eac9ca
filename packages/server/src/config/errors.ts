import type { z } from 'zod'
import { schemaAt, shapeOf, unwrap } from './walk.js'

/** A configuration the server refuses to start with. main.ts prints the message and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly problems: string[]) {
    super(problems.map((p) => `portico: config ${p}`).join('\n'))
  }
}

const SECRETISH = /(key|password|secret|token|databaseUrl|redisUrl)$/i

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[segment as string]
  }
  return current
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value)
  return text && text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** One line per problem: `smtp.port: expected a number from 1 to 65535, got "abc"`. */
export function describeIssues(schema: z.ZodType, input: unknown, issues: z.core.$ZodIssue[]): string[] {
  const lines: string[] = []
  for (const issue of issues) {
    const path = issue.path.map(String)
    if (issue.code === 'unrecognized_keys') {
      const at = schemaAt(schema, issue.path)
      const known = at ? Object.keys(shapeOf(unwrap(at).inner)) : []
      for (const key of issue.keys) lines.push(`${[...path, key].join('.')}: unknown key${known.length ? ` (expected one of ${known.join(', ')})` : ''}`)
      continue
    }
    const name = path.join('.') || '(root)'
    const value = valueAt(input, issue.path)
    let expected = issue.message
    if (/^Invalid input: expected/.test(expected)) expected = expected.replace(/^Invalid input: /, '').replace(/, received \w+$/, '')
    else if (/^Too (small|big): /.test(expected)) expected = expected.replace(/^Too (small|big): /, '')
    else if (issue.code === 'invalid_value') expected = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    if (value === undefined) lines.push(`${name}: ${expected}, but it is missing`)
    else lines.push(`${name}: ${expected}, got ${SECRETISH.test(name) ? '(a secret, not shown)' : shown(value)}`)
  }
  return lines
}
