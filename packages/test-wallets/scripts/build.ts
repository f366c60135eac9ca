// npm run build -w @portico/test-wallets  ->  dist/injected.js and dist/wc-wallet/ (the WalletConnect test wallet page)
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { buildInjectedBundle } from '../src/node'
import { buildWalletConnectPage } from '../src/walletconnect/build'

const out = await buildInjectedBundle()
console.log(`built ${out} (${(statSync(out).size / 1024).toFixed(1)} kB)`)
const page = await buildWalletConnectPage()
console.log(`built ${page}/ (wallet.js ${(statSync(join(page, 'wallet.js')).size / 1024).toFixed(1)} kB)`)
