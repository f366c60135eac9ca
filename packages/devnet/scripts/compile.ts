/**
 * Compiles contracts/*.sol with solc-js and writes src/artifacts.json.
 * The JSON is committed so the devnet runtime never needs solc.
 * Run: npm run compile -w @portico/devnet
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
// solc-js is CommonJS without types.
const solc = require('solc') as { compile(input: string, opts?: unknown): string; version(): string }

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const contractsDir = join(root, 'contracts')
const outFile = join(root, 'src', 'artifacts.json')

const sources: Record<string, { content: string }> = {}
for (const file of readdirSync(contractsDir).filter((f) => f.endsWith('.sol'))) {
  sources[file] = { content: readFileSync(join(contractsDir, file), 'utf8') }
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    // OpenZeppelin 5.x uses mcopy, so Cancun is the floor; anvil runs a newer hardfork by default.
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
}

// Resolve "@openzeppelin/..." imports through node_modules.
function findImports(path: string) {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error')
for (const e of output.errors ?? []) console.error(e.formattedMessage)
if (errors.length) process.exit(1)

const artifacts: Record<string, { abi: unknown; bytecode: string }> = {}
for (const file of Object.keys(sources)) {
  for (const [name, c] of Object.entries<any>(output.contracts[file])) {
    artifacts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  }
}

writeFileSync(outFile, JSON.stringify({ compiler: solc.version(), contracts: artifacts }, null, 2) + '\n')
console.log(`wrote ${Object.keys(artifacts).join(', ')} to ${outFile} (solc ${solc.version()})`)
