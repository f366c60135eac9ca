// @vitest-environment node
import { formatSiwxMessage, type SIWXMessageData } from '@portico/core/spec'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../config.js'
import { startTestServer } from '../testing.js'
import { REGTEST_NETWORK } from './networks.js'
import { MAX_TX_BYTES } from './routes.js'
import { signBip322, signLegacyMessage } from './testing.js'

/**
 * The bip122 family against a real regtest node (the devnet's bcoin, its Esplora API on a random port):
 * balances (confirmed and pending), history with fees, the follower's invalidation, the Esplora proxy and
 * its refusals, fee rates, and sign-in.
 */
let devnet: BitcoinDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
let ref = ''

beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
  ref = devnet.caip2.slice('bip122:'.length)
  server = await startTestServer({
    rpcUrls: { [devnet.caip2]: ['http://127.0.0.1:9/unreachable', devnet.url] },
    indexer: { ...DEFAULT_CONFIG.indexer!, pollMs: 50 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const api = (path: string, init?: RequestInit, project = 'portico-dev') =>
  fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=${project}`, init)
const esplora = (path: string, init?: RequestInit, project?: string) => api(`/v1/bip122/${ref}/esplora${path}`, init, project)
const balance = async (address: string) => {
  const res = await api(`/v1/account/${address}/balance?chainId=${devnet.caip2}&currency=usd`, { headers: { 'cache-control': 'no-cache' } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { balances: Array<{ symbol: string; quantity: { numeric: string }; pending?: { numeric: string } }> }).balances[0]!
}
const history = async (address: string) => {
  const res = await api(`/v1/account/${address}/history?chainId=${devnet.caip2}`, { headers: { 'cache-control': 'no-cache' } })
  expect(res.status).toBe(200)
  return (
    (await res.json()) as {
      data: Array<{
        metadata: { hash: string; operationType: string; fee?: { numeric: string } }
        transfers: Array<{ direction: string; quantity: { numeric: string } }>
      }>
    }
  ).data
}
const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > end) return value
    await new Promise((r) => setTimeout(r, 100))
  }
}
const freshAddress = () => p2wpkh(pubECDSA(secp256k1.utils.randomPrivateKey(), true), REGTEST_NETWORK).address!

/** A wallet's send from a dev account: its UTXOs through the proxy, P2WPKH, 2 sat/vB, change back. */
async function send(from: { address: string; privateKey: string }, to: string, sats: bigint) {
  const utxos = (await (await esplora(`/address/${from.address}/utxo`)).json()) as Array<{ txid: string; vout: number; value: number }>
  const key = hexToBytes(from.privateKey)
  const script = p2wpkh(pubECDSA(key, true), REGTEST_NETWORK).script
  const tx = new Transaction()
  const utxo = utxos.sort((a, b) => b.value - a.value)[0]!
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) } })
  tx.addOutputAddress(to, sats, REGTEST_NETWORK)
  const fee = 2n * 141n
  tx.addOutputAddress(from.address, BigInt(utxo.value) - sats - fee, REGTEST_NETWORK)
  tx.sign(key)
  tx.finalize()
  return { hex: tx.hex, fee }
}

describe('bip122 balances and history (real regtest node)', () => {
  test("default: a dev account's balance is the node's; a payment is pending, then confirmed, and listed with its fee", async () => {
    const account = devnet.accounts[0]!.payment
    const node = (await (await fetch(`${devnet.url}/address/${account.address}`)).json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number } }
    expect((await balance(account.address)).quantity.numeric).toBe(String((node.chain_stats.funded_txo_sum - node.chain_stats.spent_txo_sum) / 1e8))

    const to = freshAddress()
    expect(await balance(to)).toMatchObject({ symbol: 'BTC', quantity: { numeric: '0' } })
    const { hex, fee } = await send(account, to, 10_000_000n)
    const posted = await esplora('/tx', { method: 'POST', body: hex })
    expect(posted.status).toBe(200)
    const txid = await posted.text()
    // In the mempool: counted, and shown as pending (the follower drops the cached balance).
    expect(
      await until(
        () => balance(to),
        (b) => b.quantity.numeric === '0.1',
      ),
    ).toMatchObject({ quantity: { numeric: '0.1' }, pending: { numeric: '0.1' } })

    await devnet.mine(1)
    const received = await until(
      () => history(to),
      (h) => h.length > 0,
    )
    expect(received[0]).toMatchObject({
      metadata: { hash: txid, operationType: 'receive', fee: { numeric: String(Number(fee) / 1e8) } },
      transfers: [{ direction: 'in', quantity: { numeric: '0.1' } }],
    })
    expect(await balance(to)).toMatchObject({ quantity: { numeric: '0.1' }, pending: { numeric: '0' } })
    const sent = await until(
      () => history(account.address),
      (h) => h.some((t) => t.metadata.hash === txid),
    )
    expect(sent.find((t) => t.metadata.hash === txid)).toMatchObject({
      metadata: { operationType: 'send' },
      transfers: [{ direction: 'out', quantity: { numeric: '0.1' } }],
    })
  }, 60_000)

  test('behavior: an address of another network is refused on this chain', async () => {
    const res = await api(`/v1/account/bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l/balance?chainId=${devnet.caip2}&currency=usd`)
    expect(res.status).toBe(400)
  })
})

describe('the Esplora proxy and fee rates', () => {
  test('default: reads pass (tip, address, UTXOs, fee estimates), with the first configured URL down', async () => {
    const height = await (await esplora('/blocks/tip/height')).text()
    expect(height).toBe(await (await fetch(`${devnet.url}/blocks/tip/height`)).text())
    const utxos = await esplora(`/address/${devnet.accounts[1]!.payment.address}/utxo`)
    expect(utxos.status).toBe(200)
    expect(((await utxos.json()) as unknown[]).length).toBeGreaterThanOrEqual(2)
    const rates = await api(`/v1/bip122/${ref}/fee-rates`)
    expect(await rates.json()).toEqual({ slow: 1, normal: 5, fast: 20 })
  })

  test('attack: unknown paths, no or unknown project, bad or oversized bodies, another chain are refused', async () => {
    for (const path of ['/mempool', '/blocks/tip/../../', '/address/x', '/tx', '/address/bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', '/', '/tx/abc/hex'])
      expect((await esplora(path)).status, path).toBe(404)
    expect((await fetch(`${server.url}/v1/bip122/${ref}/esplora/blocks/tip/height`)).status).toBe(400)
    expect((await esplora('/blocks/tip/height', undefined, 'no-such-project')).status).toBe(403)
    expect((await api(`/v1/bip122/${'ab'.repeat(16)}/esplora/blocks/tip/height`)).status).toBe(404)
    expect((await esplora('/address/x', { method: 'POST', body: '00' })).status).toBe(404)
    for (const body of ['', 'zz', '0', 'not hex at all', '{"jsonrpc":"2.0","method":"stop"}'])
      expect((await esplora('/tx', { method: 'POST', body })).status, body).toBe(400)
    expect((await esplora('/tx', { method: 'POST', body: 'ab'.repeat(MAX_TX_BYTES + 1) })).status).toBe(413)
    // A well-formed transaction the node refuses: its reason, as a 400.
    const refused = await esplora('/tx', { method: 'POST', body: '0200000000' })
    expect(refused.status).toBe(400)
    // The node's JSON-RPC (same port) is never reachable through the proxy.
    expect(
      (
        await api(`/v1/rpc/${devnet.caip2}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'stop' }),
        })
      ).status,
    ).toBe(403)
  })
})

describe('SIWX on bip122 (the sessions route)', () => {
  const account = () => devnet.accounts[2]!.payment
  async function signedSession(sign: (message: string) => string) {
    const { nonce } = (await (await api(`/v1/sessions/${account().address}/nonce`, { method: 'POST' })).json()) as { nonce: string }
    const data = {
      accountAddress: account().address,
      chainId: devnet.caip2,
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173/login',
      version: '1',
      nonce,
      statement: 'Sign in to App',
      issuedAt: new Date().toISOString(),
    }
    const message = formatSiwxMessage(data as SIWXMessageData)
    return api(`/v1/sessions/${account().address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data, message, signature: sign(message) }),
    })
  }

  test('default: a BIP-322 signature and a legacy message signature of the account sign in', async () => {
    expect((await signedSession((m) => signBip322(devnet.caip2, account().privateKey, m).signature)).status).toBe(200)
    expect((await signedSession((m) => signLegacyMessage(account().privateKey, m))).status).toBe(200)
  })

  test('attack: a signature by another key is refused', async () => {
    const other = bytesToHex(secp256k1.utils.randomPrivateKey())
    expect((await signedSession((m) => signBip322(devnet.caip2, other, m).signature)).status).toBe(401)
    expect((await signedSession((m) => signLegacyMessage(other, m))).status).toBe(401)
  })
})
