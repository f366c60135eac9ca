// Imports each module named on the command line in plain Node (no DOM) and prints one JSON line
// per module: whether the import threw, and every read of a browser global during it, with the
// first stack frame outside this file. scripts/ssr.test.ts runs it on every public entry.
const GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'location']
/**
 * Dependencies' own environment checks that only test for a browser (`typeof window`) and work in
 * Node: node-gyp-build's Electron check runs when `ws` loads its optional native helpers, which the
 * repo's dev dependencies install (a dapp's install of @portico/server may not have them).
 */
const BENIGN = [/node_modules\/node-gyp-build\/node-gyp-build\.js:\d+:\d+\)?$/]
let reads = []
for (const name of GLOBALS) {
  if (name in globalThis) continue
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const frames = (new Error().stack ?? '')
        .split('\n')
        .slice(2)
        .map((l) => l.trim())
      const at = frames.find((f) => !f.includes('ssr-probe')) ?? ''
      if (!(name === 'window' && BENIGN.some((b) => b.test(at)))) reads.push({ global: name, at })
      return undefined
    },
  })
}
for (const specifier of process.argv.slice(2)) {
  reads = []
  let error
  try {
    await import(specifier)
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
  }
  console.log(JSON.stringify({ specifier, error, reads }))
}
