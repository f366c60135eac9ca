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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
