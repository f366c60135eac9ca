// The Bitcoin views of issue 30 (the Send preview's fee speed, Account's address type switch, Receive), dark and
// light, desktop and narrow, into screenshots/bitcoin-views/. The page (scripts/bitcoin-views/) runs the real modal
// over a stand-in bip122 adapter: `node --conditions=@portico/source --import tsx scripts/screenshots-bitcoin-views.ts`.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { createServer, defaultClientConditions } from 'vite'
import { launchBrowser } from '../e2e/support/browser.js'

const root = fileURLToPath(new URL('./bitcoin-views', import.meta.url))
const out = fileURLToPath(new URL('../screenshots/bitcoin-views', import.meta.url))
mkdirSync(out, { recursive: true })

const server = await createServer({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: { conditions: ['@portico/source', ...defaultClientConditions] },
  server: { host: '127.0.0.1', port: 0, strictPort: false },
})
await server.listen()
const address = server.httpServer?.address()
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
const browser = await launchBrowser()
const sizes = { desktop: { width: 1100, height: 760 }, narrow: { width: 390, height: 844 } }
const shots: string[] = []
try {
  for (const [size, viewport] of Object.entries(sizes)) {
    for (const theme of ['dark', 'light']) {
      const page = await browser.newPage({ viewport })
      const shot = async (name: string) => {
        const path = `${out}/${name}-${theme}-${size}.png`
        await page.screenshot({ path })
        shots.push(path)
      }
      await page.goto(`${url}?view=preview&theme=${theme}`)
      await page.getByTestId('fee-speed-fast-fee').filter({ hasText: 'BTC' }).waitFor()
      await page.getByTestId('fee-speed-normal').focus()
      await shot('WalletSendPreview-fee-speed')
      await page.goto(`${url}?view=account&theme=${theme}`)
      await page.getByTestId('address-types').waitFor()
      await shot('Account-address-type')
      await page.getByTestId('address-type-ordinal').click()
      await page.getByTestId('address-type-ordinal').and(page.locator('[aria-checked=true]')).waitFor()
      await shot('Account-address-type-ordinal')
      await page.goto(`${url}?view=receive&theme=${theme}`)
      await page.getByTestId('receive-qr').waitFor()
      await shot('WalletReceive-payment')
      await page.close()
    }
  }
} finally {
  await browser.close()
  await server.close()
}
console.log(shots.join('\n'))
