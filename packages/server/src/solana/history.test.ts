// @vitest-environment node
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solanaSender, solanaServerConfig, waitFor } from '../chain/testing.js'
import { startTestServer } from '../testing.js'
import { MINT_SOURCE } from './transfers.js'

let solana: SolanaDevnet
let server: Awaited<ReturnType<typeof startTestServer>>
let send: ReturnType<typeof solanaSender>
let receiver: KeyPairSigner
let sender: KeyPairSigner
const signatures: string[] = []

beforeAll(async () => {
  solana = await startSolanaDevnet({ randomPorts: true })
  server = await startTestServer(solanaServerConfig(solana))
  send = solanaSender(solana)
  receiver = await generateKeyPairSigner()
  sender = solana.accounts[3]!.signer
  // Asked about before anything happened: followed from now on.
  expect((await history(receiver.address)).body).toEqual({ data: [], next: null })
  signatures.push(await send.sol(sender, receiver.address, 1_500_000_000n))
  signatures.push(await send.token(sender, receiver.address, solana.usdcMint, 2_500_000n)) // creates the receiver's USDC account
  signatures.push(await send.token(sender, receiver.address, solana.token2022Mint, 1_000_000n)) // Token-2022, account created
  // To the existing token account only: the receiver's own address is not in this transaction.
  signatures.push(await send.token(sender, receiver.address, solana.usdcMint, 500_000n, { createAta: false }))
  signatures.push(await send.sol(receiver, sender.address, 100_000_000n))
}, 60_000)
afterAll(async () => {
  await server?.close()
  await solana?.stop()
})

async function history(address: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ projectId: 'portico-dev', chainId: solana.caip2, ...query })
  const res = await fetch(`${server.url}/v1/account/${address}/history?${params}`)
  return { status: res.status, body: (await res.json()) as { data: any[]; next: string | null } }
}
const summary = (t: any) =>
  [t.metadata.operationType, ...t.transfers.map((x: any) => `${x.direction} ${x.quantity.numeric} ${x.fungible_info.symbol}`)].join(' ')

describe('GET /v1/account/{address}/history on solana', () => {
  test('default: SOL and SPL transfers (Token and Token-2022, token accounts created on the way) in the EVM shape, newest first', async () => {
    const { body } = await waitFor(
      async () => {
        const page = await history(receiver.address)
        return page.body.data.length === 5 ? page : undefined
      },
      { what: "the receiver's 5 transactions" },
    )
    expect(body.next).toBeNull()
    expect(body.data.map((t) => t.metadata.hash)).toEqual([...signatures].reverse())
    expect(body.data.map(summary)).toEqual(['send out 0.1 SOL', 'receive in 0.5 USDC', 'receive in 1 PT22', 'receive in 2.5 USDC', 'receive in 1.5 SOL'])
    const [out, , , usdc] = body.data
    expect(out).toEqual({
      id: `${solana.caip2}:${signatures[4]}`,
      metadata: {
        minedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        chain: solana.caip2,
        operationType: 'send',
        status: 'confirmed',
        sentFrom: receiver.address,
        sentTo: sender.address,
        hash: signatures[4],
        fee: { numeric: '0.000005', symbol: 'SOL' },
      },
      transfers: [
        {
          fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: `${server.url}/icons/tokens/SOL.svg` } },
          direction: 'out',
          quantity: { numeric: '0.1' },
          value: 15,
          price: 150,
        },
      ],
    })
    expect(usdc.metadata).toMatchObject({ sentFrom: sender.address, sentTo: receiver.address, status: 'confirmed' })
    expect(usdc.transfers).toEqual([
      {
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: `${server.url}/icons/tokens/USDC.svg` } },
        direction: 'in',
        quantity: { numeric: '2.5' },
        value: 2.5,
        price: 1,
      },
    ])
  })

  test("behavior: the sender's side lists the same transfers as sends, and pages by cursor without gaps or repeats", async () => {
    const { body } = await waitFor(
      async () => {
        const page = await history(sender.address)
        return page.body.data.length >= 5 ? page : undefined
      },
      { what: "the sender's transactions" },
    )
    expect(body.data.slice(0, 5).map(summary)).toEqual(['receive in 0.1 SOL', 'send out 0.5 USDC', 'send out 1 PT22', 'send out 2.5 USDC', 'send out 1.5 SOL'])
    expect(body.data[1].metadata.fee).toEqual({ numeric: '0.000005', symbol: 'SOL' })

    const all = (await history(receiver.address)).body.data.map((t) => t.id)
    const paged: string[] = []
    let cursor: string | null | undefined
    let pages = 0
    do {
      const { status, body: page } = await history(receiver.address, { limit: '2', ...(cursor ? { cursor } : {}) })
      expect(status).toBe(200)
      expect(page.data.length).toBeLessThanOrEqual(2)
      paged.push(...page.data.map((t) => t.id))
      cursor = page.next
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(paged).toEqual(all)
  })

  test('behavior: a mint to the address reads as a mint from the System program', async () => {
    const { getMintToCheckedInstruction, findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } = await import('@solana-program/token')
    const authority = solana.accounts[0]!.signer
    const [token] = await findAssociatedTokenPda({ owner: receiver.address, mint: solana.usdcMint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const minted = await send.sendInstructions(authority, [
      getMintToCheckedInstruction({ mint: solana.usdcMint, token, mintAuthority: authority, amount: 7_000_000n, decimals: 6 }),
    ])
    const tx = await waitFor(async () => (await history(receiver.address)).body.data.find((t) => t.metadata.hash === minted), { what: 'the mint' })
    expect(summary(tx)).toBe('mint in 7 USDC')
    expect(tx.metadata.sentFrom).toBe(authority.address)
    expect(MINT_SOURCE).toBe('11111111111111111111111111111111')
  })

  test('behavior: a transaction that failed on chain is listed as failed, with what it tried to move and its fee', async () => {
    const { getTransferSolInstruction } = await import('@solana-program/system')
    const {
      appendTransactionMessageInstructions,
      createTransactionMessage,
      getBase64EncodedWireTransaction,
      getSignatureFromTransaction,
      lamports,
      pipe,
      setTransactionMessageFeePayerSigner,
      setTransactionMessageLifetimeUsingBlockhash,
      signTransactionMessageWithSigners,
    } = await import('@solana/kit')
    const { value: latest } = await send.rpc.getLatestBlockhash().send()
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(receiver, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: receiver, destination: sender.address, amount: lamports(100_000_000_000n) })],
            m,
          ),
      ),
    )
    // Without preflight the chain takes it, charges the fee, and the transfer fails.
    await send.rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', skipPreflight: true }).send()
    const hash = getSignatureFromTransaction(signed)
    const tx = await waitFor(async () => (await history(receiver.address)).body.data.find((t) => t.metadata.hash === hash), { what: 'the failed transaction' })
    expect(tx.metadata).toMatchObject({ status: 'failed', operationType: 'send', fee: { numeric: '0.000005', symbol: 'SOL' } })
    expect(summary(tx)).toBe('send out 100 SOL')
  })

  test('error: a garbage cursor is 400; an EVM address on a solana chain (and back) is 400', async () => {
    expect((await history(receiver.address, { cursor: 'garbage!' })).status).toBe(400)
    expect((await history('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).status).toBe(400)
    const res = await fetch(`${server.url}/v1/account/${receiver.address}/history?projectId=portico-dev&chainId=eip155:1`)
    expect(res.status).toBe(400)
  })
})
