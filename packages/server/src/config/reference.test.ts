import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { loadConfig } from './load.js'
import { renderReference } from './reference.js'

const docs = (name: string) => fileURLToPath(new URL(`../../../../docs/${name}`, import.meta.url))

test('docs/server-config.md is the schema (run `npm run config:docs` after changing a key)', () => {
  expect(readFileSync(docs('server-config.md'), 'utf8')).toBe(renderReference())
})

test('docs/portico.config.example.json is a production configuration that starts, with its secrets from the environment', () => {
  const config = loadConfig(['--config', docs('portico.config.example.json')], {
    PORTICO_SIWX_SIGNING_KEY: JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }),
    PORTICO_SMTP_PASSWORD: 'from-a-secret-store',
    PORTICO_SOCIAL_PROVIDERS_GOOGLE_CLIENT_SECRET: 'from-a-secret-store',
  })
  expect(config.projects[0]?.projectId).toBe('shop')
  expect(config.rpcUrls['eip155:1']).toHaveLength(2)
  expect(config.smtp).toMatchObject({ port: 465, password: 'from-a-secret-store' })
  expect(config.socialProviders?.google?.clientSecret).toBe('from-a-secret-store')
})
