// `npm run config:docs`: writes docs/server-config.md from the server's configuration schema.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderReference } from '../packages/server/src/config/reference.js'

const target = fileURLToPath(new URL('../docs/server-config.md', import.meta.url))
mkdirSync(fileURLToPath(new URL('../docs', import.meta.url)), { recursive: true })
writeFileSync(target, renderReference())
console.log(`wrote ${target}`)
