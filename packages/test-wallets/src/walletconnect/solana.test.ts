// @vitest-environment node
/**
 * The WalletConnect test wallet's solana namespace through the Portico server's relay, against the
 * real local Solana chain: pairing, WalletConnect's Solana RPC (base58 messages and signatures,
 * base64 transactions), a SOL transfer that lands, and rejections.
 */
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { startTestServer } from '@portico/server/testing'
import { freePort } from '@portico/server/relay/testing'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Address,
  type Base64EncodedWireTransaction,
  type SignatureBytes,
} from '@solana/kit'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { createTestDapp } from './testing'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from './wallet'

type Dapp = Awaited<ReturnType<typeof createTestDapp>>

let solana: SolanaDevnet
let rpc: ReturnType<typeof createSolanaRpc>
let server: Awaited<ReturnType<typeof startTestServer>>
let relay: string
const dataDir = mkdtempSync(join(tmpdir(), 'portico-wc-solana-'))
const toClose: Array<{ close(): Promise<void> }> = []

beforeAll(async () => {
  const [devnet, port] = await Promise.all([startSolanaDevnet({ randomPorts: true }), freePort()])
  solana = devnet
  rpc = createSolanaRpc(solana.rpcUrl)
  server = await startTestServer({ port, dataDir, databaseUrl: undefined, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } })
  relay = `ws://127.0.0.1:${port}/relay`
}, 90_000)
afterAll(async () => {
  for (const c of toClose.reverse()) await c.close().catch(() => undefined)
  await server?.close()
  await solana?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

async function pair(chains: string[], rpcMap: Record<string, string>) {
  const wallet = await createWalletConnectTestWallet({ relayUrl: relay, privateKey: DEV_ACCOUNTS[1]!.privateKey, rpc: rpcMap, solanaAccount: 1 })
  const dapp = await createTestDapp(relay)
  toClose.push(wallet, dapp)
  const { uri, approval } = await dapp.connect(chains)
  const approved = approval()
  await wallet.pair(uri!)
  return { wallet, dapp, session: await approved }
}

async function solTransfer(from: string, to: string, amount: bigint): Promise<string> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions([getTransferSolInstruction({ source: createNoopSigner(from as Address), destination: to as Address, amount })], m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}
const balance = async (address: string) => (await rpc.getBalance(address as Address).send()).value

describe('WalletConnect test wallet: the solana namespace', () => {
  let wallet: WalletConnectTestWallet
  let dapp: Dapp
  let topic: string
  const request = <T>(method: string, params: unknown) => dapp.client.request<T>({ topic, chainId: solana.caip2, request: { method, params } })

  test('a solana-only proposal is approved with the dev account on the local chain', async () => {
    const paired = await pair([solana.caip2], { [solana.caip2]: solana.rpcUrl })
    ;({ wallet, dapp } = paired)
    topic = paired.session.topic
    expect(wallet.solanaAddress).toBe(solana.accounts[1]!.address)
    expect(paired.session.namespaces.solana).toMatchObject({
      accounts: [`${solana.caip2}:${wallet.solanaAddress}`],
      methods: expect.arrayContaining(['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']),
    })
    expect(paired.session.namespaces.eip155).toBeUndefined()
  })

  test('solana_signMessage: a base58 message, a base58 ed25519 signature that verifies', async () => {
    const message = new TextEncoder().encode('Sign in to Portico over WalletConnect')
    const { signature } = await request<{ signature: string }>('solana_signMessage', {
      message: getBase58Decoder().decode(message),
      pubkey: wallet.solanaAddress,
    })
    const publicKey = await getPublicKeyFromAddress(wallet.solanaAddress as Address)
    const bytes = new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes
    expect(await verifySignature(publicKey, bytes, message)).toBe(true)
    expect(await verifySignature(publicKey, bytes, new TextEncoder().encode('another message'))).toBe(false)
  })

  test('solana_signAndSendTransaction lands a SOL transfer on the local chain', async () => {
    const to = solana.accounts[3]!.address
    const before = await balance(to)
    const { signature } = await request<{ signature: string }>('solana_signAndSendTransaction', {
      transaction: await solTransfer(wallet.solanaAddress!, to, 250_000_000n),
      pubkey: wallet.solanaAddress,
      sendOptions: { preflightCommitment: 'confirmed' },
    })
    const { value } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(value[0]?.err).toBeNull()
    expect((await balance(to)) - before).toBe(250_000_000n)
    expect(wallet.handled().at(-1)).toMatchObject({ method: 'solana_signAndSendTransaction', approved: true })
  })

  test('solana_signTransaction answers the signed transaction (and its signature), which the chain accepts', async () => {
    const to = solana.accounts[4]!.address
    const before = await balance(to)
    const result = await request<{ signature: string; transaction: string }>('solana_signTransaction', {
      transaction: await solTransfer(wallet.solanaAddress!, to, 10_000_000n),
      pubkey: wallet.solanaAddress,
    })
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(result.transaction))
    expect(getBase58Decoder().decode(signed.signatures[wallet.solanaAddress as Address]!)).toBe(result.signature)
    const sent = await rpc.sendTransaction(result.transaction as Base64EncodedWireTransaction, { encoding: 'base64' }).send()
    expect(sent).toBe(result.signature)
    expect((await balance(to)) - before).toBe(10_000_000n)
  })

  test('a rejected request answers 4001; another account is 4100; approval waits with autoApprove off', async () => {
    const message = getBase58Decoder().decode(new TextEncoder().encode('no'))
    wallet.rejectNext('request')
    await expect(request('solana_signMessage', { message, pubkey: wallet.solanaAddress })).rejects.toMatchObject({ code: 4001 })
    await expect(request('solana_signMessage', { message, pubkey: solana.accounts[0]!.address })).rejects.toMatchObject({ code: 4100 })

    wallet.setAutoApprove(false)
    const answer = request<{ signature: string }>('solana_signMessage', { message, pubkey: wallet.solanaAddress })
    await expect.poll(() => wallet.pending().map((p) => p.summary)).toEqual([`solana_signMessage on ${solana.caip2}: sign the message "no"`])
    wallet.decide(wallet.pending()[0]!.key, 'approve')
    expect((await answer).signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    wallet.setAutoApprove(true)
  })

  test('eip155 and solana in one session: both namespaces are approved', async () => {
    const evm = 'eip155:31337'
    const { session, wallet: both } = await pair([evm, solana.caip2], { [evm]: 'http://127.0.0.1:1', [solana.caip2]: solana.rpcUrl })
    expect(session.namespaces.eip155!.accounts).toEqual([`${evm}:${both.address}`])
    expect(session.namespaces.solana!.accounts).toEqual([`${solana.caip2}:${both.solanaAddress}`])
  })
})
