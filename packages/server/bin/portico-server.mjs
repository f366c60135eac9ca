#!/usr/bin/env node
// The portico-server command runs the built server (dist/, shipped in the package; no TypeScript
// loader at run time). In the workspace, `npm start -w @portico/server` runs the sources instead.
import { existsSync } from 'node:fs'

const main = new URL('../dist/main.js', import.meta.url)
if (!existsSync(main)) {
  console.error(
    'portico-server: dist/main.js is missing. Build it with `npm run build -w @portico/server`,\n' +
      'or run the sources with `npm start -w @portico/server -- <flags>`.',
  )
  process.exit(1)
}
await import(main.href)
