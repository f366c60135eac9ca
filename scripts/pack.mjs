// Packs Portico's public packages as `npm publish` would, and optionally installs an example
// from apps/examples into a folder outside the workspace with those tarballs, so that it runs on
// exactly what a dapp developer gets from npm:
//
//   node scripts/pack.mjs                        tarballs only (printed with their sizes)
//   node scripts/pack.mjs --example vite-wagmi   …and the example installed beside them
//   node scripts/pack.mjs --example nextjs --out /tmp/portico-try
//
// PORTICO_PACK_ROOT packs another checkout instead of this one. The journey e2e/packages.e2e.ts
// does the same with the helpers in e2e/support/packages.ts, which this script runs through tsx.
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { register } from 'tsx/esm/api'

register()
const { installExample, kib, PACK_ROOT, packPublicPackages, seconds } = await import('../e2e/support/packages.ts')

const { values } = parseArgs({
  options: { example: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } },
})
if (values.help) {
  console.log('node scripts/pack.mjs [--example vite-wagmi|nextjs] [--out <folder>]')
  process.exit(0)
}

const out = values.out ? resolve(values.out) : mkdtempSync(join(tmpdir(), 'portico-pack-'))
const tarballs = join(out, 'tarballs')
mkdirSync(tarballs, { recursive: true })

let started = Date.now()
console.log(`Packing Portico's public packages from ${PACK_ROOT} (each one's prepack builds it)…`)
const packs = await packPublicPackages(tarballs)
for (const p of packs) console.log(`  ${p.path}  ${kib(p.size)} (${kib(p.unpackedSize)} unpacked)`)
console.log(`Packed in ${seconds(started)}.`)

if (values.example) {
  started = Date.now()
  console.log(`Installing apps/examples/${values.example} into ${out} with those tarballs…`)
  const dir = await installExample(values.example, out, packs)
  console.log(`Installed in ${seconds(started)}. Next:\n  cd ${dir}\n  npm run dev    # or: npm run build && npm start / npm run preview`)
}
