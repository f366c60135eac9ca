// @vitest-environment node
import {
  generateKeyPairSigner,
  isSolanaError,
  lamports,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_LAMPORTS_PER_ACCOUNT } from './constants'
import { startSolanaDevnet, type SolanaDevnet } from './index'
import { kitClient, rawCall, wireBase64 } from './test-helpers'

let devnet: SolanaDevnet
let kit: ReturnType<typeof kitClient>

beforeAll(async () => {
  // No clock: blockhashes expire only when the test produces blocks.
  devnet = await startSolanaDevnet({ randomPorts: true, slotMs: 0 })
  kit = kitClient(devnet)
})

afterAll(async () => {
  await devnet?.stop()
})

const send = (tx: Parameters<typeof wireBase64>[0], config: Record<string, unknown> = {}) =>
  rawCall(devnet.rpcUrl, 'sendTransaction', [wireBase64(tx), { encoding: 'base64', ...config }])

const transfer = async (from: KeyPairSigner, amount: bigint, lifetime?: { blockhash: string; lastValidBlockHeight: bigint }) =>
  kit.sign(from, [getTransferSolInstruction({ source: from, destination: (await generateKeyPairSigner()).address, amount: lamports(amount) })], lifetime)

/** The chain answers the next request after an error as if nothing happened. */
async function expectStillServing() {
  expect((await kit.rpc.getBalance(devnet.accounts[4].address).send()).value).toBe(SOLANA_LAMPORTS_PER_ACCOUNT)
}

describe('Solana devnet errors, as a validator words them', () => {
  it('error: an expired blockhash is "Blockhash not found" (-32002), and no longer valid', async () => {
    const { value: latest } = await kit.rpc.getLatestBlockhash().send()
    const tx = await transfer(devnet.accounts[1].signer, 1000n, latest)
    devnet.advanceSlots(151)
    expect((await kit.rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(false)
    expect(await kit.rpc.getBlockHeight().send()).toBeGreaterThan(latest.lastValidBlockHeight)

    const { error } = await send(tx)
    expect(error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound', logs: [], accounts: null },
    })
    await expectStillServing()
  })

  it('error: an unknown blockhash through kit is a preflight failure caused by BLOCKHASH_NOT_FOUND', async () => {
    const tx = await transfer(devnet.accounts[1].signer, 1000n, { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', lastValidBlockHeight: 1n })
    const error = await kit.rpc
      .sendTransaction(wireBase64(tx), { encoding: 'base64' })
      .send()
      .catch((e: unknown) => e)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(true)
    await expectStillServing()
  })

  it('error: sending more SOL than the account has fails the system program with custom error 0x1', async () => {
    const poor = devnet.accounts[3].signer
    const before = (await kit.rpc.getBalance(poor.address).send()).value
    const { error } = await send(await transfer(poor, SOLANA_LAMPORTS_PER_ACCOUNT * 2n))
    expect(error?.code).toBe(-32002)
    expect(error?.message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
    expect(error?.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(error?.data.logs).toContain(`Transfer: insufficient lamports ${before - 5000n}, need ${SOLANA_LAMPORTS_PER_ACCOUNT * 2n}`)
    // Preflight refused it: nothing landed, no fee.
    expect((await kit.rpc.getBalance(poor.address).send()).value).toBe(before)
    await expectStillServing()
  })

  it('error: a fee payer with no SOL is "Attempt to debit an account but found no record of a prior credit."', async () => {
    const { error } = await send(await transfer(await generateKeyPairSigner(), 1n))
    expect(error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      data: { err: 'AccountNotFound' },
    })
    await expectStillServing()
  })

  it('behavior: with skipPreflight a failing transaction lands with its error and pays its fee', async () => {
    const payer = devnet.accounts[2].signer
    const before = (await kit.rpc.getBalance(payer.address).send()).value
    const { result: signature } = await send(await transfer(payer, SOLANA_LAMPORTS_PER_ACCOUNT * 2n), { skipPreflight: true })
    const [status] = (await kit.rpc.getSignatureStatuses([signature]).send()).value
    expect(status?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] }) // kit reads every number as a bigint
    expect((await kit.rpc.getBalance(payer.address).send()).value).toBe(before - 5000n)
    const replay = await send(await transfer(payer, 10n ** 9n))
    expect(replay.error).toBeUndefined()
  })

  it('error: a transaction sent twice is "This transaction has already been processed"', async () => {
    const tx = await transfer(devnet.accounts[2].signer, 10n ** 9n)
    expect((await send(tx)).error).toBeUndefined()
    expect((await send(tx)).error?.message).toBe('Transaction simulation failed: This transaction has already been processed')
  })

  it("error: bad params are -32602 with the validator's wording", async () => {
    expect((await rawCall(devnet.rpcUrl, 'getBalance', ['not-a-key'])).error).toEqual({ code: -32602, message: 'Invalid param: Invalid' })
    expect((await rawCall(devnet.rpcUrl, 'getBalance', ['abc'])).error).toEqual({ code: -32602, message: 'Invalid param: WrongSize' })
    expect((await rawCall(devnet.rpcUrl, 'getBalance', [])).error).toEqual({ code: -32602, message: '`params` should have at least 1 argument(s)' })
    expect((await rawCall(devnet.rpcUrl, 'getBalance', [7])).error).toEqual({
      code: -32602,
      message: 'Invalid params: invalid type: integer `7`, expected a string.',
    })
    expect((await rawCall(devnet.rpcUrl, 'sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602)
    expect((await rawCall(devnet.rpcUrl, 'getSignatureStatuses', [['x']])).error?.code).toBe(-32602)
    expect((await rawCall(devnet.rpcUrl, 'getTokenAccountBalance', [devnet.accounts[0].address])).error).toEqual({
      code: -32602,
      message: 'Invalid param: not a Token account',
    })
    await expectStillServing()
  })

  it('error: unknown methods, malformed JSON and batches', async () => {
    expect((await rawCall(devnet.rpcUrl, 'getEverything')).error).toEqual({ code: -32601, message: 'Method not found' })
    const malformed = await fetch(devnet.rpcUrl, { method: 'POST', body: '{"jsonrpc":' })
    expect(await malformed.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
    const batch = await fetch(devnet.rpcUrl, {
      method: 'POST',
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
      ]),
    })
    const answers = (await batch.json()) as { id: number; result?: number; error?: unknown }[]
    expect(answers.map((a) => a.id)).toEqual([1, 2])
    expect(typeof answers[0].result).toBe('number')
    expect(answers[1].error).toEqual({ code: -32601, message: 'Method not found' })
    await expectStillServing()
  })

  it('behavior: getFeeForMessage answers null for a blockhash that is not valid', async () => {
    const tx = await transfer(devnet.accounts[1].signer, 1000n)
    const message = Buffer.from(tx.messageBytes).toString('base64')
    expect((await rawCall(devnet.rpcUrl, 'getFeeForMessage', [message])).result.value).toBe(5000)
    devnet.advanceSlots(151)
    expect((await rawCall(devnet.rpcUrl, 'getFeeForMessage', [message])).result.value).toBeNull()
  })
})
