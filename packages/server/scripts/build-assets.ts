// Part of `npm run build -w @portico/server` (after tsc): the files dist/ needs besides compiled code,
// so the packed server runs on its own. The secure frame is a private workspace package: its
// bundle goes into dist/secure-frame, where auth/secureOrigin.ts looks first.
import { buildSecureFrame } from '@portico/secure-frame/build'
import { copyFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const dist = (path: string) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url))

await buildSecureFrame({ outDir: dist('secure-frame') })
mkdirSync(dist('registry'), { recursive: true })
copyFileSync(fileURLToPath(new URL('../src/registry/wallets.json', import.meta.url)), dist('registry/wallets.json'))
