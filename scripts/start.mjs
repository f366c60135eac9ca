// `npm start`: installs what is missing, then runs the whole local product (scripts/dev.ts).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureDependencies } from './ensure.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
ensureDependencies()
// --conditions: workspace packages run from their TypeScript sources (see tsconfig.base.json).
const child = spawn(process.execPath, ['--conditions=@portico/source', '--import', 'tsx', 'scripts/dev.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
// The local Solana chain (litesvm; RPC 8899, WebSocket 8900) and the Bitcoin regtest chain (Esplora API and JSON-RPC
// on 18443) run beside it from the devnet's CLI, which prints their URLs, the CAIP-2 ids and the dev accounts.
const solana = spawn(process.execPath, ['--conditions=@portico/source', '--import', 'tsx', 'packages/devnet/src/cli.ts', '--no-evm'], {
  cwd: root,
  stdio: 'inherit',
})
solana.on('exit', (code) => {
  if (code) console.error(`The local Solana and Bitcoin chains exited (code ${code}); the rest keeps running.`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => [child, solana].forEach((c) => c.kill(signal)))
child.on('exit', (code) => {
  solana.kill('SIGTERM')
  process.exit(code ?? 0)
})
