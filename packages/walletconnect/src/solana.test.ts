// @vitest-environment node
/**
 * The solana namespace of Portico's WalletConnect client (@walletconnect/universal-provider) against
 * the WalletConnect test wallet (@walletconnect/sign-client), through the Portico server's relay,
 * on the real local Solana chain. The session's Solana provider is a Wallet Standard wallet.
 */
import { defineNetwork, UserRejectedRequestError, type CaipNetwork, type WalletConnectClient } from '@portico/core'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { startTestServer } from '@portico/server/testing'
import { freePort } from '@portico/server/relay/testing'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Address,
  type SignatureBytes,
} from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createWalletConnectClient } from './client.js'
import { namespacesFor } from './families.js'
import type { WalletConnectSolanaWallet } from './solanaWallet.js'

let chain: SolanaDevnet
let rpc: ReturnType<typeof createSolanaRpc>
let server: Awaited<ReturnType<typeof startTestServer>>
let relayUrl: string
let network: CaipNetwork
const evm = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Portico Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})
const dataDir = mkdtempSync(join(tmpdir(), 'portico-wc-client-'))
const toClose: Array<{ close(): Promise<void> }> = []

beforeAll(async () => {
  const [devnet, port] = await Promise.all([startSolanaDevnet({ randomPorts: true }), freePort()])
  chain = devnet
  rpc = createSolanaRpc(chain.rpcUrl)
  network = defineNetwork({
    id: chain.caip2.split(':')[1]!,
    chainNamespace: 'solana',
    name: 'Portico Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [chain.rpcUrl], webSocket: [chain.wsUrl] } },
  })
  server = await startTestServer({ port, dataDir, databaseUrl: undefined, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } })
  relayUrl = `ws://127.0.0.1:${port}/relay`
}, 90_000)
afterAll(async () => {
  for (const c of toClose.reverse()) await c.close().catch(() => undefined)
  await server?.close()
  await chain?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

async function testWallet(chains: string[]) {
  const wallet = await createWalletConnectTestWallet({
    relayUrl,
    privateKey: DEV_ACCOUNTS[2]!.privateKey,
    rpc: Object.fromEntries(chains.map((c) => [c, c === chain.caip2 ? chain.rpcUrl : evm.rpcUrls.default.http[0]!])),
    solanaAccount: 2,
  })
  toClose.push(wallet)
  return wallet
}

/** Pairs the client with the test wallet: the client shows a URI, the wallet pairs from it. */
async function pair(client: WalletConnectClient, wallet: WalletConnectTestWallet, caipNetworks: CaipNetwork[]) {
  let paired: Promise<void> | undefined
  const session = await client.connect({ caipNetworks, onUri: (uri) => (paired = wallet.pair(uri)) })
  await paired
  return session
}

async function solTransfer(from: string, to: string, amount: bigint) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions([getTransferSolInstruction({ source: createNoopSigner(from as Address), destination: to as Address, amount })], m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
const balance = async (address: string) => (await rpc.getBalance(address as Address).send()).value

test('the proposal has a solana namespace when the host configured Solana networks', () => {
  expect(namespacesFor([evm, network])).toMatchObject({
    eip155: { chains: ['eip155:31337'] },
    solana: {
      chains: [network.caipNetworkId],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
      rpcMap: { [network.caipNetworkId]: chain.rpcUrl },
    },
  })
  expect(Object.keys(namespacesFor([network]))).toEqual(['solana'])
  expect(Object.keys(namespacesFor([evm]))).toEqual(['eip155'])
})

describe('a WalletConnect session with eip155 and solana', () => {
  let client: WalletConnectClient
  let wallet: WalletConnectTestWallet
  let solana: WalletConnectSolanaWallet
  let account: WalletAccount

  test('pairing approves both families; the Solana provider is a Wallet Standard wallet with the session account', async () => {
    client = await createWalletConnectClient({
      relayUrl,
      projectId: 'portico-dev',
      metadata: { name: 'Portico test', description: 'tests', url: 'http://127.0.0.1', icons: [] },
    })
    wallet = await testWallet([evm.caipNetworkId, chain.caip2])
    const session = await pair(client, wallet, [evm, network])
    expect(session).toMatchObject({ namespaces: ['eip155', 'solana'], peer: { name: 'Portico WalletConnect Test Wallet' } })

    const eip155 = client.providerFor('eip155') as { request(a: { method: string }): Promise<unknown> }
    expect(await eip155.request({ method: 'eth_accounts' })).toEqual([wallet.address])

    solana = client.providerFor('solana') as WalletConnectSolanaWallet
    expect(client.providerFor('solana')).toBe(solana)
    expect(solana.chains).toEqual([chain.caip2])
    const { accounts } = await solana.features['standard:connect'].connect()
    expect(accounts.map((a) => a.address)).toEqual([wallet.solanaAddress])
    account = accounts[0]!
    expect(getBase58Decoder().decode(account.publicKey as Uint8Array)).toBe(wallet.solanaAddress)
    expect(account.features).toEqual(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'])
    expect(Object.keys(solana.features)).toEqual(expect.arrayContaining(['standard:events', 'standard:disconnect']))
  })

  test('solana:signMessage → solana_signMessage: the ed25519 signature verifies over the message bytes', async () => {
    const message = new TextEncoder().encode('Sign in to Portico with Solana over WalletConnect')
    const [output] = await solana.features['solana:signMessage'].signMessage({ account, message })
    expect(output!.signedMessage).toEqual(message)
    const publicKey = await getPublicKeyFromAddress(account.address as Address)
    expect(await verifySignature(publicKey, output!.signature as SignatureBytes, message)).toBe(true)
    expect(wallet.handled().at(-1)).toMatchObject({ method: 'solana_signMessage', approved: true })
  })

  test('solana:signAndSendTransaction → solana_signAndSendTransaction: a SOL transfer lands (confirmed)', async () => {
    const to = chain.accounts[4]!.address
    const before = await balance(to)
    const [output] = await solana.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      chain: network.caipNetworkId as `solana:${string}`,
      transaction: await solTransfer(account.address, to, 420_000_000n),
      options: { commitment: 'confirmed' },
    })
    const signature = getBase58Decoder().decode(output!.signature)
    const { value } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(value[0]).toMatchObject({ err: null })
    expect((await balance(to)) - before).toBe(420_000_000n)
  })

  test('solana:signTransaction → solana_signTransaction: the signed bytes are accepted by the chain', async () => {
    const to = chain.accounts[3]!.address
    const before = await balance(to)
    const [output] = await solana.features['solana:signTransaction'].signTransaction({
      account,
      transaction: await solTransfer(account.address, to, 5_000_000n),
    })
    const signed = getTransactionDecoder().decode(output!.signedTransaction)
    expect(signed.signatures[account.address as Address]).toBeTruthy()
    await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
    expect((await balance(to)) - before).toBe(5_000_000n)
  })

  test("a rejected request is core's UserRejectedRequestError (4001)", async () => {
    wallet.rejectNext('request')
    const rejected = solana.features['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('no') })
    await expect(rejected).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(rejected).rejects.toMatchObject({ code: 4001, shortMessage: 'User rejected the request.' })
  })

  test('standard:disconnect ends the session; the wallet reports no accounts', async () => {
    const changes: number[] = []
    const off = solana.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    await solana.features['standard:disconnect'].disconnect()
    expect(solana.accounts).toEqual([])
    expect(await client.restore()).toBeNull()
    const until = Date.now() + 10_000
    while (wallet.sessions().length && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    expect(wallet.sessions()).toEqual([])
    off()
    expect(changes).toEqual([0])
  })

  test('an EVM-only wallet still pairs when the proposal also asks for solana', async () => {
    const evmOnly = await testWallet([evm.caipNetworkId])
    const session = await pair(client, evmOnly, [evm, network])
    expect(session.namespaces).toEqual(['eip155'])
    expect(solana.accounts).toEqual([])
    await client.disconnect()
  })

  test('a solana-only pairing: the session has no eip155 namespace', async () => {
    const only = await testWallet([chain.caip2])
    const session = await pair(client, only, [network])
    expect(session.namespaces).toEqual(['solana'])
    const [{ signature }] = await solana.features['solana:signMessage'].signMessage({
      account: solana.accounts[0]!,
      message: new TextEncoder().encode('solana only'),
    })
    const publicKey = await getPublicKeyFromAddress(only.solanaAddress as Address)
    expect(await verifySignature(publicKey, signature as SignatureBytes, new TextEncoder().encode('solana only'))).toBe(true)
    await client.disconnect()
  })
})
