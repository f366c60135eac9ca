import { z } from 'zod'
import { CONFIG_DOMAINS } from './schema.js'
import { configKeys, typeName, type ConfigKey } from './walk.js'

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\n/g, ' ')

function defaultText(key: ConfigKey): string {
  if (key.defaultValue === undefined) return ''
  const text = JSON.stringify(key.defaultValue)
  return `\`${cell(text)}\``
}

function envText(key: ConfigKey): string {
  if (key.programmatic) return 'code only'
  const names = key.env.map((n) => `\`${n}\``)
  if (key.secret) names.push(`\`${key.env[0]}_FILE\``)
  return names.join(', ')
}

/** docs/server-config.md: every key of ServerConfigSchema with its type, default, environment names and description. */
export function renderReference(): string {
  const lines = [
    '# Portico server configuration',
    '',
    '<!-- Generated from packages/server/src/config/ by `npm run config:docs`; a test fails when it drifts. Edit the schema, not this file. -->',
    '',
    'Sources, lowest first: built-in defaults < `--dev` (development defaults) < the JSON file of `--config <file>` (or `PORTICO_CONFIG`) < environment variables < command-line flags (`portico-server --help`).',
    '',
    '- **Environment names:** `PORTICO_` + the key path in SCREAMING_SNAKE_CASE joined by `_` (`smtp.password` → `PORTICO_SMTP_PASSWORD`). Lists are comma-separated (or JSON), records and objects JSON, booleans `true`/`false`.',
    "- **Secrets** (marked 🔒) also come from a file: `<NAME>_FILE=/run/secrets/…` (the file's content, one trailing newline dropped). They are never echoed in error messages.",
    '- **Validation:** the server checks everything before it listens; a bad value stops it with exit code 1 and a line per problem, e.g. `portico: config smtp.port: expected a number from 1 to 65535, got "abc"`.',
    '- **Without `--dev`** the start is refused when a chain RPC URL is local (127.0.0.1, localhost), when a social provider endpoint is local or plain http or the Farcaster relay or Optimism RPC is local, when a development-only key is set (devRoutes, devMailCatcher, devIdentityProvider, sandboxOnramp, outboundAllowOrigins), when no project is configured, without `siwx.signingKey`, and, with `secureFrame` on, without auth secrets or `smtp`.',
    '- A production example: [portico.config.example.json](portico.config.example.json).',
    '',
  ]
  for (const domain of CONFIG_DOMAINS) {
    lines.push(`## ${domain.title}`, '', '| Key | Type | Default | Environment | Description |', '| --- | --- | --- | --- | --- |')
    const shape = z.object(domain.shape as z.ZodRawShape)
    for (const [name, schema] of Object.entries(domain.shape as Record<string, z.ZodType>)) {
      const keys = configKeys(shape).filter((k) => k.path[0] === name)
      // An object's own description first, then its keys.
      if (keys.length > 1 || keys[0]!.path.length > 1) lines.push(`| \`${name}\` | object |  |  | ${cell(schema.description ?? '')} |`)
      for (const key of keys)
        lines.push(
          `| \`${key.path.join('.')}\`${key.secret ? ' 🔒' : ''} | ${cell(typeName(key.inner))} | ${defaultText(key)} | ${envText(key)} | ${cell(key.description ?? '')} |`,
        )
    }
    lines.push('')
  }
  return lines.join('\n')
}
