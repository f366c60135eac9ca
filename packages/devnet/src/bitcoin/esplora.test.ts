// @vitest-environment node
import { hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BITCOIN_DEVNET_CAIP2, BITCOIN_DEVNET_FAUCET, BITCOIN_DEVNET_NETWORK } from './constants'
import {
  EsploraAddressSchema,
  EsploraFeeEstimatesSchema,
  EsploraHashTextSchema,
  EsploraOutspendSchema,
  EsploraTipHeightSchema,
  EsploraTxListSchema,
  EsploraTxSchema,
  EsploraTxStatusSchema,
  EsploraUtxoListSchema,
} from './esploraSchemas'
import { type BitcoinDevnet, startBitcoinDevnet } from './index'

let devnet: BitcoinDevnet
let startupMs = 0
const get = async (path: string) => {
  const res = await fetch(devnet.url + path)
  return { status: res.status, text: await res.text() }
}
const getJson = async <S extends v.GenericSchema>(schema: S, path: string): Promise<v.InferOutput<S>> => {
  const res = await get(path)
  expect(res.status, `${path}: ${res.text}`).toBe(200)
  return v.parse(schema, JSON.parse(res.text))
}
const postTx = async (raw: string) => {
  const res = await fetch(`${devnet.url}/tx`, { method: 'POST', body: raw })
  return { status: res.status, text: await res.text() }
}
/** A fresh P2WPKH key of the test's own (not a dev account), so the test reads only what it paid. */
const freshKey = (label: number) => {
  const key = HDKey.fromMasterSeed(new Uint8Array(32).fill(label))
  const payment = p2wpkh(key.publicKey as Uint8Array, BITCOIN_DEVNET_NETWORK)
  return { privateKey: key.privateKey as Uint8Array, ...payment, address: payment.address as string }
}

beforeAll(async () => {
  const t0 = Date.now()
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
  startupMs = Date.now() - t0
})
afterAll(() => devnet?.stop())

describe('Bitcoin devnet: the Esplora API', () => {
  it('default: starts within seconds, funded: 10 BTC in 2 coins per payment address, 0.01 BTC per ordinal', async () => {
    expect(startupMs).toBeLessThan(8000)
    expect(devnet.caip2).toBe(BITCOIN_DEVNET_CAIP2)
    for (const account of devnet.accounts) {
      const utxos = await getJson(EsploraUtxoListSchema, `/address/${account.payment.address}/utxo`)
      expect(utxos.map((u) => u.value)).toEqual([500_000_000, 500_000_000])
      expect(utxos.every((u) => u.status.confirmed)).toBe(true)
      const ordinal = await getJson(EsploraAddressSchema, `/address/${account.ordinal.address}`)
      expect(ordinal.chain_stats.funded_txo_sum - ordinal.chain_stats.spent_txo_sum).toBe(1_000_000)
    }
  })

  it('default: every route answers its documented shape', async () => {
    const height = v.parse(EsploraTipHeightSchema, (await get('/blocks/tip/height')).text)
    expect(height).toBe(111)
    const hash = v.parse(EsploraHashTextSchema, (await get('/blocks/tip/hash')).text)
    expect((await get(`/block-height/${height}`)).text).toBe(hash)
    expect(await getJson(EsploraFeeEstimatesSchema, '/fee-estimates')).toMatchObject({ 1: 20, 3: 10, 6: 5, 144: 1 })
    const { payment } = devnet.accounts[0]
    const address = await getJson(EsploraAddressSchema, `/address/${payment.address}`)
    expect(address.chain_stats).toEqual({ funded_txo_count: 2, funded_txo_sum: 1_000_000_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 })
    const [funding] = await getJson(EsploraTxListSchema, `/address/${payment.address}/txs`)
    expect(funding.status).toMatchObject({ confirmed: true, block_height: 111, block_hash: hash })
    expect(funding.vin.every((i) => i.prevout?.scriptpubkey_address === BITCOIN_DEVNET_FAUCET.address)).toBe(true)
    expect(funding.fee).toBeGreaterThan(0)
    expect(await getJson(EsploraTxSchema, `/tx/${funding.txid}`)).toEqual(funding)
    expect(await getJson(EsploraTxStatusSchema, `/tx/${funding.txid}/status`)).toEqual(funding.status)
    expect(Transaction.fromRaw(hex.decode((await get(`/tx/${funding.txid}/hex`)).text)).id).toBe(funding.txid)
    const outspends = await getJson(v.array(EsploraOutspendSchema), `/tx/${funding.txid}/outspends`)
    expect(outspends[0]).toEqual({ spent: false })
    // The faucet's coins came from coinbases: its input's parent is one, with a null prevout.
    const coinbase = await getJson(EsploraTxSchema, `/tx/${funding.vin[0].txid}`)
    expect(coinbase.vin[0]).toMatchObject({ is_coinbase: true, prevout: null })
    const [spend] = await getJson(v.array(EsploraOutspendSchema), `/tx/${coinbase.txid}/outspends`)
    expect(spend).toEqual({ spent: true, txid: funding.txid, vin: 0, status: funding.status })
  })

  it('behavior: a P2WPKH spend from a dev key is taken by POST /tx, listed with its fee, then confirmed', async () => {
    const { payment } = devnet.accounts[1]
    const [coin] = await getJson(EsploraUtxoListSchema, `/address/${payment.address}/utxo`)
    const to = freshKey(1)
    const tx = new Transaction()
    const script = p2wpkh(hex.decode(payment.publicKey), BITCOIN_DEVNET_NETWORK).script
    tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script, amount: BigInt(coin.value) } })
    tx.addOutputAddress(to.address, 10_000_000n, BITCOIN_DEVNET_NETWORK)
    tx.addOutputAddress(payment.address, BigInt(coin.value) - 10_000_000n - 2_820n, BITCOIN_DEVNET_NETWORK)
    tx.sign(hex.decode(payment.privateKey))
    tx.finalize()
    const sent = await postTx(tx.hex)
    expect(sent).toEqual({ status: 200, text: tx.id })

    const [pending] = await getJson(EsploraTxListSchema, `/address/${to.address}/txs`)
    expect(pending).toMatchObject({ txid: tx.id, fee: 2_820, status: { confirmed: false } })
    const mempool = await getJson(EsploraAddressSchema, `/address/${payment.address}`)
    expect(mempool.mempool_stats).toMatchObject({ spent_txo_count: 1, spent_txo_sum: coin.value, funded_txo_count: 1, tx_count: 1 })
    expect((await getJson(EsploraUtxoListSchema, `/address/${payment.address}/utxo`)).some((u) => u.txid === coin.txid && u.vout === coin.vout)).toBe(false)

    await devnet.mine()
    const [confirmed] = await getJson(EsploraTxListSchema, `/address/${to.address}/txs`)
    expect(confirmed).toMatchObject({ txid: tx.id, fee: 2_820, status: { confirmed: true, block_height: 112 } })
    expect(await getJson(EsploraUtxoListSchema, `/address/${to.address}/utxo`)).toMatchObject([{ txid: tx.id, vout: 0, value: 10_000_000 }])
    expect(await devnet.rpc('getrawtransaction', [tx.id, 1])).toMatchObject({ confirmations: 1 })
  })

  it("error: a tampered signature is refused with 400 and the node's reason", async () => {
    const { payment } = devnet.accounts[2]
    const [coin] = await getJson(EsploraUtxoListSchema, `/address/${payment.address}/utxo`)
    const tx = new Transaction()
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: p2wpkh(hex.decode(payment.publicKey), BITCOIN_DEVNET_NETWORK).script, amount: BigInt(coin.value) },
    })
    tx.addOutputAddress(freshKey(2).address, BigInt(coin.value) - 2_000n, BITCOIN_DEVNET_NETWORK)
    tx.sign(hex.decode(payment.privateKey))
    tx.finalize()
    const raw = tx.hex
    // The witness's signature sits before the 33-byte public key and the 4-byte locktime.
    const at = raw.length - 2 * (4 + 1 + 33) - 20
    const tampered = raw.slice(0, at) + (raw.slice(at, at + 2) === '00' ? '01' : '00') + raw.slice(at + 2)
    const res = await postTx(tampered)
    expect(res.status).toBe(400)
    expect(res.text).toMatch(/^sendrawtransaction RPC error: \{"code":-26,"message":"(non-)?mandatory-script-verify-flag/)
    expect(await postTx('zz')).toEqual({ status: 400, text: 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}' })
    expect((await postTx('00')).status).toBe(400)
  })

  it('error: spending an immature coinbase is refused', async () => {
    const coins = await getJson(EsploraUtxoListSchema, `/address/${BITCOIN_DEVNET_FAUCET.address}/utxo`)
    const young = coins.find((c) => (c.status.block_height ?? 0) > 100)
    if (!young) throw new Error('no recent coinbase')
    const tx = new Transaction()
    const script = hex.decode((await getJson(EsploraTxSchema, `/tx/${young.txid}`)).vout[young.vout].scriptpubkey)
    tx.addInput({ txid: young.txid, index: young.vout, witnessUtxo: { script, amount: BigInt(young.value) } })
    tx.addOutputAddress(freshKey(3).address, BigInt(young.value) - 2_000n, BITCOIN_DEVNET_NETWORK)
    tx.sign(hex.decode(BITCOIN_DEVNET_FAUCET.privateKey))
    tx.finalize()
    const res = await postTx(tx.hex)
    expect(res.status).toBe(400)
    expect(res.text).toContain('bad-txns-premature-spend-of-coinbase')
  })

  it('behavior: a P2TR (bcrt1p…) address shows what it receives', async () => {
    const { ordinal } = devnet.accounts[3]
    const txid = await devnet.fund(ordinal.address, 25_000n)
    const stats = await getJson(EsploraAddressSchema, `/address/${ordinal.address}`)
    expect(stats.chain_stats).toMatchObject({ funded_txo_count: 2, funded_txo_sum: 1_025_000, tx_count: 2 })
    const [latest] = await getJson(EsploraTxListSchema, `/address/${ordinal.address}/txs`)
    expect(latest.txid).toBe(txid)
    expect(latest.vout.find((o) => o.scriptpubkey_address === ordinal.address)).toMatchObject({ scriptpubkey_type: 'v1_p2tr', value: 25_000 })
  })

  it('behavior: /txs pages 25 confirmed transactions at a time, newest first, /txs/chain/:last_seen the next ones', async () => {
    const { address } = freshKey(4)
    const txids: string[] = []
    for (let i = 0; i < 27; i++) txids.push(await devnet.fund(address, 10_000n + BigInt(i)))
    const first = await getJson(EsploraTxListSchema, `/address/${address}/txs`)
    expect(first.map((t) => t.txid)).toEqual([...txids].reverse().slice(0, 25))
    const next = await getJson(EsploraTxListSchema, `/address/${address}/txs/chain/${first[24].txid}`)
    expect(next.map((t) => t.txid)).toEqual([txids[1], txids[0]])
    expect(await getJson(EsploraTxListSchema, `/address/${address}/txs/chain/${txids[0]}`)).toEqual([])
  })

  it('error: bad parameters answer 400 or 404 with a clear text', async () => {
    expect(await get('/address/not-an-address')).toEqual({ status: 400, text: 'Invalid Bitcoin address for regtest: not-an-address' })
    // A mainnet address is not a regtest one.
    expect((await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).status).toBe(400)
    expect((await get('/tx/xyz')).status).toBe(400)
    expect(await get(`/tx/${'ab'.repeat(32)}`)).toEqual({ status: 404, text: 'Transaction not found' })
    expect((await get(`/address/${devnet.accounts[0].payment.address}/txs/chain/nothex`)).status).toBe(400)
    expect((await get('/block-height/99999')).status).toBe(404)
    expect((await get('/nowhere')).status).toBe(404)
    expect((await get('/address/%ZZ')).status).toBe(400)
  })

  it('behavior: JSON-RPC answers at POST / without credentials', async () => {
    const res = await fetch(`${devnet.url}/`, { method: 'POST', body: JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'getblockcount', params: [] }) })
    expect(await res.json()).toMatchObject({ result: Number((await get('/blocks/tip/height')).text), error: null })
    // The patched sendrawtransaction answers a rejection with Core's code instead of a txid.
    await expect(devnet.rpc('sendrawtransaction', ['00'])).rejects.toThrow(/\(-2[26]\)/)
  })
})
