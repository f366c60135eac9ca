// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './programs.js'
import { quoteLargeIntegers } from './rpc.js'
import { MINT_SOURCE, parseSolanaTransaction, TransactionAnswer } from './transfers.js'

// A validator's jsonParsed answer (the local chain leaves instructions raw; solana/history.test.ts reads those).
const A = 'F1dJKkvYWV9HS7hf3QvShvLkmK4qzYJ9Fo5y5w6i1W48'
const B = 'BAT94SZhPU4q2PVPJR7NgeEMYP3Zv6oQwMpU658wdK44'
const A_USDC = '3zNorsQE7ij1spVk7TSruG65XU7sSZi2exavhjXFXTEo'
const B_USDC = 'AGD8iwp9PfmXXG2jq1JX1nQM8y6ai2jVGGDAUBhTZVLd'
const B_PT22 = '7DPUENKnSzvnxcF5xJziQxY83fyw54VkinPhLmCXw8kG'
const USDC = 'EaqkPJToE3nzBN2yuoNPkfiu3WpaXSRC8f1ruMiCr2fK'
const PT22 = 'GMKUAFL8mMC3afs9dnQ7scd3t237j5QBxDvo1Eof7spo'

const parsedTx = (err: unknown = null) =>
  TransactionAnswer.parse({
    slot: 42,
    blockTime: 1_760_000_000,
    transaction: {
      signatures: ['5'.repeat(88)],
      message: {
        accountKeys: [A, B, A_USDC, B_USDC, B_PT22, USDC, PT22].map((pubkey, i) => ({ pubkey, signer: i === 0, writable: i < 5, source: 'transaction' })),
        instructions: [
          {
            program: 'system',
            programId: SYSTEM_PROGRAM,
            parsed: { type: 'transfer', info: { source: A, destination: B, lamports: 1_500_000_000 } },
            stackHeight: null,
          },
          {
            program: 'spl-associated-token-account',
            programId: ASSOCIATED_TOKEN_PROGRAM,
            parsed: { type: 'createIdempotent', info: { source: A, account: B_PT22, wallet: B, mint: PT22 } },
            stackHeight: null,
          },
          {
            program: 'spl-token',
            programId: TOKEN_PROGRAM,
            parsed: {
              type: 'transferChecked',
              info: { source: A_USDC, mint: USDC, destination: B_USDC, authority: A, tokenAmount: { amount: '2500000', decimals: 6, uiAmountString: '2.5' } },
            },
            stackHeight: null,
          },
          {
            program: 'spl-token',
            programId: TOKEN_2022_PROGRAM,
            parsed: { type: 'transfer', info: { source: 'SomeDelegatedAccount1111111111111111111111', destination: B_PT22, authority: A, amount: '1000000' } },
            stackHeight: null,
          },
          { programId: 'ComputeBudget111111111111111111111111111111', accounts: [], data: '3DdGGhkhJbjm', stackHeight: null },
        ],
      },
    },
    meta: {
      err,
      fee: 5000,
      preTokenBalances: [{ accountIndex: 2, mint: USDC, owner: A, uiTokenAmount: { amount: '9', decimals: 6 } }],
      postTokenBalances: [
        { accountIndex: 2, mint: USDC, owner: A, uiTokenAmount: { amount: '9', decimals: 6 } },
        { accountIndex: 3, mint: USDC, owner: B, uiTokenAmount: { amount: '2500000', decimals: 6 } },
      ],
      innerInstructions: [
        {
          index: 1,
          instructions: [
            { program: 'system', programId: SYSTEM_PROGRAM, parsed: { type: 'createAccount', info: { source: A, newAccount: B_PT22, lamports: 2039280 } } },
          ],
        },
      ],
    },
  })!

describe('parseSolanaTransaction', () => {
  test("a validator's parsed instructions: SOL, SPL by owner (from token balances or the ATA creation), decimals, fee", () => {
    const tx = parseSolanaTransaction(parsedTx())
    expect(tx).toMatchObject({ slot: 42n, blockTime: 1_760_000_000, feePayer: A, fee: 5000n, failed: false })
    expect(tx.transfers).toEqual([
      { kind: 'native', token: null, from: A, to: B, amount: 1_500_000_000n },
      { kind: 'spl', token: USDC, from: A, to: B, amount: 2_500_000n },
      // The source account is nobody's known one: the signing authority stands for it; the mint comes from the created account.
      { kind: 'spl', token: PT22, from: A, to: B, amount: 1_000_000n },
    ])
    expect([...tx.decimals]).toEqual([[USDC, 6]])
  })

  test('a failed transaction keeps its transfers and says failed; a mint comes from the System program address', () => {
    expect(parseSolanaTransaction(parsedTx({ InstructionError: [0, { Custom: 1 }] })).failed).toBe(true)
    const mint = parseSolanaTransaction(
      TransactionAnswer.parse({
        slot: 1,
        blockTime: null,
        transaction: {
          signatures: ['4'.repeat(88)],
          message: {
            accountKeys: [A, USDC, B_USDC],
            instructions: [
              {
                programId: TOKEN_PROGRAM,
                parsed: { type: 'mintToChecked', info: { mint: USDC, account: B_USDC, mintAuthority: A, tokenAmount: { amount: '7', decimals: 6 } } },
              },
            ],
          },
        },
        meta: { err: null, fee: 5000, preTokenBalances: [], postTokenBalances: [{ accountIndex: 2, mint: USDC, owner: B, uiTokenAmount: { decimals: 6 } }] },
      })!,
    )
    expect(mint.transfers).toEqual([{ kind: 'spl', token: USDC, from: MINT_SOURCE, to: B, amount: 7n }])
  })
})

test('quoteLargeIntegers: integers beyond 2^53 outside strings become exact strings; the rest is untouched', () => {
  const text = '{"a":18446744073709551615,"b":[1,12345678901234567],"c":"x:12345678901234567,","d":1.5e300,"e":-9007199254740993}'
  expect(JSON.parse(quoteLargeIntegers(text))).toEqual({
    a: '18446744073709551615',
    b: [1, '12345678901234567'],
    c: 'x:12345678901234567,',
    d: 1.5e300,
    e: -9007199254740992,
  })
})
