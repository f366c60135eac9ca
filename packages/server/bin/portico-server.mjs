#!/usr/bin/env node
// Runs the TypeScript sources through tsx so the server needs no build step.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url))
// Resolved from this package, so the command works from any directory.
const tsx = import.meta.resolve('tsx')
const child = spawn(process.execPath, ['--import', tsx, main, ...process.argv.slice(2)], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
