// @vitest-environment node
import { SOLANA_DEV_ACCOUNTS } from '@portico/devnet/solana-constants'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { base58, base64 } from '@scure/base'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Base64EncodedWireTransaction,
  type Signature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeSolanaTransaction, describeSolanaTransactions, parsesAsTransaction, signSolanaTransaction } from './solana.js'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ randomPorts: true })
}, 60_000)
afterAll(() => devnet?.stop())

const me = SOLANA_DEV_ACCOUNTS[1]!
const seed = base58.decode(me.secretKey).slice(0, 32)
const receiver = SOLANA_DEV_ACCOUNTS[2]!.address

async function transfer(from: string, lamports: bigint) {
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: createNoopSigner(address(from)), destination: address(receiver), amount: lamports })],
        m,
      ),
  )
  const compiled = compileTransaction(message)
  return { wire: base64.encode(new Uint8Array(getTransactionEncoder().encode(compiled))), messageBytes: new Uint8Array(compiled.messageBytes) }
}

describe('the frame on Solana', () => {
  test('a transaction or a bare transaction message is not a message to sign; text is', async () => {
    const { wire, messageBytes } = await transfer(me.address, 1_000_000n)
    expect(parsesAsTransaction(base64.decode(wire))).toBe(true)
    expect(parsesAsTransaction(messageBytes)).toBe(true)
    expect(parsesAsTransaction(new TextEncoder().encode('Sign in to Portico at 12:00'))).toBe(false)
    expect(parsesAsTransaction(new Uint8Array([1, 0, 0]))).toBe(false)
  })

  test('the approval shows the program, the amount, the receiver and the fee', async () => {
    const { wire } = await transfer(me.address, 250_000_000n)
    const decoded = decodeSolanaTransaction(wire)
    expect(decoded.signers).toEqual([me.address])
    const content = describeSolanaTransactions([decoded], { title: 'Send transaction', network: 'Solana Local', wallet: me.address, fee: 5_000n })
    expect(content.rows).toEqual([
      { label: 'Network', value: 'Solana Local' },
      { label: 'Network fee', value: '0.000005 SOL' },
    ])
    expect(content.sections![0]!.rows).toEqual([
      { label: 'Program', value: 'System', mono: false },
      { label: 'Send', value: '0.25 SOL' },
      { label: 'To', value: receiver, mono: true },
    ])
    expect(content.warnings).toEqual([])
    const other = describeSolanaTransactions([decodeSolanaTransaction((await transfer(receiver, 1n)).wire)], { title: 'x', network: 'n', wallet: me.address })
    expect(other.warnings![0]!.text).toContain('pays its fee')
  })

  test('signed with the wallet key, the chain accepts it; garbage is refused', async () => {
    const { wire } = await transfer(me.address, 123_456_789n)
    const { wire: signed, signature } = signSolanaTransaction(decodeSolanaTransaction(wire), me.address, seed)
    const rpc = createSolanaRpc(devnet.rpcUrl)
    const before = (await rpc.getBalance(address(receiver)).send()).value
    expect(await rpc.sendTransaction(signed as Base64EncodedWireTransaction, { encoding: 'base64' }).send()).toBe(signature)
    await expect.poll(async () => (await rpc.getSignatureStatuses([signature as Signature]).send()).value[0]?.confirmationStatus).toMatch(/confirmed|finalized/)
    expect((await rpc.getBalance(address(receiver)).send()).value - before).toBe(123_456_789n)
    expect(() => decodeSolanaTransaction('bm90IGEgdHg=')).toThrow('Not a Solana transaction')
  })
})
