import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { startTestRedis, freePort } from '@portico/server/relay/testing'
import { startTestServer } from '@portico/server/testing'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import { chainReader } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()
const WALLET = DEV_ACCOUNTS[3]!
const rpc = () => Object.fromEntries(stack.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl]))
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined)
})

async function wcWallet(relayUrl: string) {
  const wallet: WalletConnectTestWallet = await createWalletConnectTestWallet({ relayUrl, privateKey: WALLET.privateKey, rpc: rpc(), autoApprove: true })
  cleanups.push(() => wallet.close())
  return wallet
}

async function qrUri(page: Page) {
  await connectButton(page).click()
  await modal(page).getByTestId('wallet-walletConnect').click()
  const qr = modal(page).getByTestId('wc-qr')
  await qr.waitFor({ timeout: 20_000 })
  return (await qr.getAttribute('data-value'))!
}

/** Sends 0.1 ETH from the connected WalletConnect wallet through the Send view. */
async function sendThroughWallet(page: Page) {
  const chain = chainReader(stack.chains[0]!.rpcUrl)
  const receiver = DEV_ACCOUNTS[4]!.address
  const before = await chain.eth(receiver)
  const dialog = modal(page)
  await connectButton(page).click()
  await dialog.getByTestId('account-view').waitFor()
  await dialog.getByTestId('feature-send').click()
  await dialog.getByTestId('send-amount').fill('0.1')
  await dialog.getByTestId('send-receiver').fill(receiver)
  await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 10_000 }).toBe('Preview Send')
  await dialog.getByTestId('send-continue').click()
  await dialog.getByTestId('send-submit').click()
  await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 60_000 }).toBe('Transaction sent')
  expect((await chain.eth(receiver)) - before).toBe(100_000_000_000_000_000n)
}

describe('the relay under restarts and scale-out', () => {
  test('a relay restart mid-session loses nothing: the next request is still answered', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-relay-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    const port = await freePort()
    let relay = await startTestServer({ port, dataDir, rpcUrls: rpc() })
    cleanups.push(() => relay.close())
    const relayUrl = `ws://127.0.0.1:${port}/relay`
    const page = await openDemo(await newWalletContext(), `?testWallet=off&relay=${encodeURIComponent(relayUrl)}`)
    const wallet = await wcWallet(relayUrl)
    await wallet.pair(await qrUri(page))
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)

    await relay.close()
    relay = await startTestServer({ port, dataDir, rpcUrls: rpc() })
    await sendThroughWallet(page)
    await page.context().close()
  })

  test('two server instances sharing Redis: the dapp on one, the wallet on the other', async (ctx) => {
    const redis = await startTestRedis()
    if (!redis) {
      console.warn('redis-server is not installed: skipping the scale-out journey (.ci/run installs it)')
      ctx.skip()
      return
    }
    cleanups.push(() => redis.stop())
    const a = await startTestServer({ redisUrl: redis.url, rpcUrls: rpc() })
    cleanups.push(() => a.close())
    const b = await startTestServer({ redisUrl: redis.url, rpcUrls: rpc() })
    cleanups.push(() => b.close())
    const relayA = `${a.url.replace(/^http/, 'ws')}/relay`
    const page = await openDemo(await newWalletContext(), `?testWallet=off&relay=${encodeURIComponent(relayA)}`)
    const wallet = await wcWallet(`${b.url.replace(/^http/, 'ws')}/relay`)
    await wallet.pair(await qrUri(page))
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)
    await sendThroughWallet(page)
    await page.context().close()
  })

  test('an expired pairing (10 s before its 4 minutes) regenerates the URI', async () => {
    const context = await newWalletContext()
    await context.clock.install()
    const page = await openDemo(context, '?testWallet=off')
    const first = await qrUri(page)
    await page.clock.fastForward('03:51')
    await expect.poll(async () => modal(page).getByTestId('wc-qr').getAttribute('data-value'), { timeout: 20_000 }).not.toBe(first)
    const second = (await modal(page).getByTestId('wc-qr').getAttribute('data-value'))!
    expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    // The fresh URI works: a wallet pairs with it.
    const wallet = await wcWallet(`${stack.apiUrl.replace(/^http/, 'ws')}/relay`)
    await wallet.pair(second)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)
    await context.close()
  })
})
