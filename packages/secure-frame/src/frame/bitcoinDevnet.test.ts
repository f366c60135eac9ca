// @vitest-environment node
/**
 * The bip122 family against a real Bitcoin node (the devnet's bcoin regtest, issue 30): sendTransfer reads the
 * payment address's coins and the fee rate, builds, shows, signs and broadcasts; signPsbt with broadcast; the node
 * validates every signature. Between the frame and the node stands what the Portico server's Esplora proxy does
 * (`/v1/bip122/{reference}/esplora/*` → the Esplora API, `/fee-rates` from `/fee-estimates`), a few lines here
 * until the server's proxy is merged.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bitcoinNetworkOf } from '../families/bip122.js'
import { bitcoinAccounts } from '../families/bip122Accounts.js'
import { deriveKeys } from '../keys.js'
import type { ApprovalContent } from './approval.js'
import { handleRpc, keyFamilies } from './rpc/index.js'
import type { FrameSession } from './session.js'

const REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328'
// The devnet's dev account 0 is this wallet: the same mnemonic, BIP-84/BIP-86 with coin type 1.
const keys = deriveKeys(mnemonicToEntropy('test test test test test test test test test test test junk', wordlist), keyFamilies)
const [payment, ordinal] = bitcoinAccounts(keys.secretKeys.bip122!, bitcoinNetworkOf(REGTEST)!)

let devnet: BitcoinDevnet
let proxy: Server
let apiUrl: string

beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
  proxy = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x')
    const match = /^\/v1\/bip122\/([0-9a-f]{32})\/(esplora\/.+|fee-rates)$/.exec(url.pathname)
    if (!match || match[1] !== REGTEST) return void res.writeHead(404).end()
    if (match[2] === 'fee-rates') {
      const estimates = (await (await fetch(`${devnet.url}/fee-estimates`)).json()) as Record<string, number>
      return void res.end(JSON.stringify({ slow: Math.ceil(estimates['144']!), normal: Math.ceil(estimates['6']!), fast: Math.ceil(estimates['1']!) }))
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : undefined
    const upstream = await fetch(`${devnet.url}/${match[2].slice('esplora/'.length)}`, { method: req.method, body })
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' }).end(await upstream.text())
  })
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok))
  apiUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}, 60_000)

afterAll(async () => {
  proxy?.close()
  await devnet?.stop()
})

function frame() {
  const shown: ApprovalContent[] = []
  const session = {
    chainId: `bip122:${REGTEST}`,
    config: { apiUrl, projectId: 'devnet-test', rpcChains: [`bip122:${REGTEST}`] },
    rpcUrlFor: () => undefined,
    wallet: { keys: { keys } },
    approvals: { approve: async (content: ApprovalContent) => (shown.push(content), true) },
  } as unknown as FrameSession
  const rpc = (method: string, params: unknown) => handleRpc(session, { method, params, chainId: REGTEST, chainNamespace: 'bip122' })
  return { rpc, shown }
}

const utxos = async (address: string) =>
  (await (await fetch(`${devnet.url}/address/${address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]

describe('bip122 on the devnet (a real node)', () => {
  test("default: the wallet is the devnet's dev account 0", () => {
    expect(payment.address).toBe(devnet.accounts[0]!.payment.address)
    expect(ordinal.address).toBe(devnet.accounts[0]!.ordinal.address)
  })

  test('default: sendTransfer 0.1 BTC: shown with inputs, outputs and fee, broadcast, mined; the recipient gets exactly 0.1 BTC', async () => {
    const { rpc, shown } = frame()
    const recipient = devnet.accounts[1]!.payment.address
    const before = await utxos(recipient)
    const { txid } = (await rpc('bip122_sendTransfer', { recipientAddress: recipient, amount: '10000000' })) as { txid: string }
    await devnet.mine(1)
    const received = (await utxos(recipient)).filter((u) => !before.some((b) => b.txid === u.txid))
    expect(received).toEqual([{ txid, vout: expect.any(Number), value: 10_000_000, status: expect.objectContaining({ confirmed: true }) }])
    const screen = shown[0]!
    expect(screen.title).toBe('Send bitcoin')
    expect(screen.rows.map((r) => r.label)).toEqual(['Network', 'Sent to others', 'Network fee', 'Fee rate'])
    expect(screen.rows[1]!.value).toBe('0.1 BTC')
    expect(screen.sections!.some((s) => s.title.endsWith('· change'))).toBe(true)
    // The devnet's normal rate (target 6) is 5 sat/vB.
    expect(screen.rows[3]!.value).toMatch(/^≈ 5(\.\d)? sat\/vB$/)
    // Only the payment address's coins are spent, never the ordinal address's.
    const tx = (await (await fetch(`${devnet.url}/tx/${txid}`)).json()) as { vin: { prevout: { scriptpubkey_address: string } }[] }
    expect(new Set(tx.vin.map((i) => i.prevout.scriptpubkey_address))).toEqual(new Set([payment.address]))
  })

  test('default: signPsbt with broadcast sends a host-built PSBT; the node accepts the signature', async () => {
    const { rpc } = frame()
    const [coin] = await utxos(payment.address)
    const tx = new Transaction()
    tx.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script: payment.script, amount: BigInt(coin!.value) } })
    tx.addOutputAddress(devnet.accounts[2]!.payment.address, 50_000n, bitcoinNetworkOf(REGTEST)!.params)
    tx.addOutput({ script: payment.script, amount: BigInt(coin!.value) - 50_000n - 2_000n })
    const result = (await rpc('bip122_signPsbt', { psbt: base64.encode(tx.toPSBT()), broadcast: true })) as { psbt: string; txid: string }
    expect(result.txid).toMatch(/^[0-9a-f]{64}$/)
    const status = (await (await fetch(`${devnet.url}/tx/${result.txid}/status`)).json()) as { confirmed: boolean }
    expect(status.confirmed).toBe(false)
    await devnet.mine(1)
    expect(((await (await fetch(`${devnet.url}/tx/${result.txid}/status`)).json()) as { confirmed: boolean }).confirmed).toBe(true)
  })

  test('error: insufficient balance, dust and a mainnet address are refused with -32602 before any screen', async () => {
    const { rpc, shown } = frame()
    const refused = (params: unknown) =>
      rpc('bip122_sendTransfer', params).then(
        () => expect.unreachable(),
        (e: Error & { code: number }) => [e.code, e.message],
      )
    expect(await refused({ recipientAddress: devnet.accounts[1]!.payment.address, amount: '9000000000000' })).toEqual([
      -32602,
      expect.stringMatching(/^Insufficient balance/),
    ])
    expect(await refused({ recipientAddress: devnet.accounts[1]!.payment.address, amount: '293' })).toEqual([
      -32602,
      expect.stringMatching(/dust limit of 294/),
    ])
    expect(await refused({ recipientAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: '10000' })).toEqual([
      -32602,
      expect.stringMatching(/not a valid address on this network/),
    ])
    expect(shown).toEqual([])
  })
})
