// @vitest-environment node
import { secp256k1 } from '@noble/curves/secp256k1'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { p2wpkh } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG, DEV_PROJECT } from '../config.js'
import { SANDBOX_PUBLIC_KEY } from '../onramp/sandbox.js'
import { startTestServer } from '../testing.js'
import { REGTEST_NETWORK } from './networks.js'

/** The sandbox onramp on the Bitcoin devnet: a purchase pays devnet BTC from the faucet key (the devnet's), broadcast through Esplora. */
let devnet: BitcoinDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
  server = await startTestServer({
    rpcUrls: { [devnet.caip2]: devnet.url },
    sandboxOnramp: { [devnet.caip2]: { usdc: 'native', minterPrivateKey: devnet.faucet.privateKey } },
    indexer: { ...DEFAULT_CONFIG.indexer!, pollMs: 50 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const post = async (path: string, body: unknown) => {
  const url = `${server.url}${path}${path.startsWith('/sandbox') ? '' : '?projectId=portico-dev'}`
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as any }
}
const link = (walletAddress: string) => ({
  publicKey: SANDBOX_PUBLIC_KEY,
  destinationCurrencyCode: 'BTC',
  walletAddress,
  externalCustomerId: DEV_PROJECT.projectId,
})

describe('sandbox onramp on the Bitcoin devnet', () => {
  test("default: a Bitcoin wallet's link asks for BTC, and completing it pays the wallet devnet BTC from the faucet", async () => {
    const wallet = p2wpkh(pubECDSA(secp256k1.utils.randomPrivateKey(), true), REGTEST_NETWORK).address!
    const url = await post('/v1/generators/onrampurl', { destinationWallets: [{ address: wallet, blockchains: ['bitcoin'] }] })
    expect(url.status, JSON.stringify(url.body)).toBe(200)
    expect(new URL(url.body.url).searchParams.get('destinationCurrencyCode')).toBe('BTC')

    const done = await post('/sandbox/onramp/complete', { ...link(wallet), amount: '100.00', chainId: devnet.caip2 })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.order).toMatchObject({ status: 'completed', wallet, chain: devnet.caip2 })
    const txid = done.body.order.txHash as string
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    // 98.49 USDC at the sandbox's 100,000 USD a BTC.
    const tx = (await (await fetch(`${devnet.url}/tx/${txid}`)).json()) as { vout: Array<{ scriptpubkey_address: string; value: number }> }
    expect(tx.vout.find((o) => o.scriptpubkey_address === wallet)?.value).toBe(98_490)
  })

  test('error: a wallet of another network, or a Bitcoin wallet asking for USDC, is refused and paid nothing', async () => {
    const mainnet = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
    const other = await post('/sandbox/onramp/complete', { ...link(mainnet), amount: '100.00', chainId: devnet.caip2 })
    expect(other.status).not.toBe(200)
    const usdc = await post('/sandbox/onramp/complete', {
      ...link(devnet.accounts[5]!.payment.address),
      destinationCurrencyCode: 'USDC',
      amount: '100.00',
      chainId: devnet.caip2,
    })
    expect(usdc.status).toBe(400)
  })
})
