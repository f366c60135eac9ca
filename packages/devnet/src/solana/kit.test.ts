// @vitest-environment node
import { address, generateKeyPairSigner, getSignatureFromTransaction, lamports, type Address } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEVNET_MINTS, SOLANA_LAMPORTS_PER_ACCOUNT, SOLANA_TOKEN_2022_PROGRAM_ADDRESS } from './constants'
import { startSolanaDevnet, type SolanaDevnet } from './index'
import { kitClient, wireBase64 } from './test-helpers'

let devnet: SolanaDevnet
let kit: ReturnType<typeof kitClient>

beforeAll(async () => {
  devnet = await startSolanaDevnet({ randomPorts: true })
  kit = kitClient(devnet)
})

afterAll(async () => {
  await devnet?.stop()
})

async function tokenTransfer(mint: Address, tokenProgram: Address, to: Address, amount: bigint) {
  const from = devnet.accounts[0].signer
  const decimals = SOLANA_DEVNET_MINTS.usdc.decimals
  const [source] = await findAssociatedTokenPda({ owner: from.address, mint, tokenProgram })
  const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
  const createAta = await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: from, owner: to, mint, tokenProgram })
  const transfer = getTransferCheckedInstruction({ source, mint, destination, authority: from, amount, decimals }, { programAddress: tokenProgram })
  await kit.sendAndConfirmInstructions(from, [createAta, transfer])
  return destination
}

describe('startSolanaDevnet with @solana/kit', () => {
  it('default: funded dev accounts, slots that advance, the genesis hash', async () => {
    for (const { address: a } of devnet.accounts.slice(1)) {
      expect((await kit.rpc.getBalance(a).send()).value).toBe(SOLANA_LAMPORTS_PER_ACCOUNT)
    }
    const slot = await kit.rpc.getSlot().send()
    await new Promise((r) => setTimeout(r, 900))
    expect(await kit.rpc.getSlot().send()).toBeGreaterThan(slot)
    expect(await kit.rpc.getGenesisHash().send()).toBe(devnet.genesisHash)
    // The slot advances on its own (every 400 ms): the block height is read before and after.
    const before = await kit.rpc.getBlockHeight().send()
    const { value } = await kit.rpc.getLatestBlockhash().send()
    const after = await kit.rpc.getBlockHeight().send()
    expect((await kit.rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true)
    expect(value.lastValidBlockHeight >= before + 150n && value.lastValidBlockHeight <= after + 150n).toBe(true)
  })

  it('behavior: transfers SOL, confirmed through signatureSubscribe, and records it', async () => {
    const from = devnet.accounts[0].signer
    const to = (await generateKeyPairSigner()).address
    const before = (await kit.rpc.getBalance(from.address).send()).value
    const tx = await kit.sendAndConfirmInstructions(from, [getTransferSolInstruction({ source: from, destination: to, amount: lamports(1_500_000_000n) })])
    const signature = getSignatureFromTransaction(tx)
    expect((await kit.rpc.getSignaturesForAddress(to).send()).map((s) => s.signature)).toEqual([signature])

    expect((await kit.rpc.getBalance(to).send()).value).toBe(1_500_000_000n)
    expect((await kit.rpc.getBalance(from.address).send()).value).toBe(before - 1_500_000_000n - 5000n)
    const [status] = (await kit.rpc.getSignatureStatuses([signature]).send()).value
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })

    const fetched = await kit.rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
    expect(fetched?.meta?.fee).toBe(5000n)
    expect(fetched?.transaction.message.accountKeys).toEqual([from.address, to, address('11111111111111111111111111111111')])
    expect(fetched?.meta?.postBalances[1]).toBe(1_500_000_000n)
  })

  it('behavior: getSignaturesForAddress is newest first, with limit and before', async () => {
    const from = devnet.accounts[2].signer
    const to = (await generateKeyPairSigner()).address
    for (const amount of [1n, 2n, 3n]) {
      await kit.sendAndConfirmInstructions(from, [getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount * 1_000_000n) })])
    }
    const all = await kit.rpc.getSignaturesForAddress(to).send()
    expect(all).toHaveLength(3)
    expect(all[0].slot).toBeGreaterThan(all[2].slot)
    const page = await kit.rpc.getSignaturesForAddress(to, { limit: 1, before: all[0].signature }).send()
    expect(page.map((s) => s.signature)).toEqual([all[1].signature])
  })

  it('behavior: creates an associated token account and transfers USDC-like tokens', async () => {
    const to = (await generateKeyPairSigner()).address
    const mint = devnet.usdcMint
    const ata = await tokenTransfer(mint, TOKEN_PROGRAM_ADDRESS, to, 2_500_000n)
    expect((await kit.rpc.getTokenAccountBalance(ata).send()).value).toEqual({
      amount: '2500000',
      decimals: 6,
      uiAmount: 2.5,
      uiAmountString: '2.5',
    })
    const { value } = await kit.rpc.getTokenAccountsByOwner(to, { mint }, { encoding: 'jsonParsed' }).send()
    expect(value).toHaveLength(1)
    expect(value[0].pubkey).toBe(ata)
    expect(value[0].account.data).toEqual({
      program: 'spl-token',
      parsed: {
        info: {
          isNative: false,
          mint,
          owner: to,
          state: 'initialized',
          tokenAmount: { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' },
        },
        type: 'account',
      },
      space: 165n,
    })
    const [source] = await findAssociatedTokenPda({ owner: devnet.accounts[0].address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect((await kit.rpc.getTokenAccountBalance(source).send()).value.amount).toBe(String(SOLANA_DEVNET_MINTS.usdc.amountPerAccount - 2_500_000n))
  })

  it('behavior: transfers Token-2022 tokens into a new associated token account', async () => {
    const to = (await generateKeyPairSigner()).address
    const program = address(SOLANA_TOKEN_2022_PROGRAM_ADDRESS)
    const ata = await tokenTransfer(devnet.token2022Mint, program, to, 1_000_000n)
    const { value } = await kit.rpc.getTokenAccountsByOwner(to, { programId: program }, { encoding: 'jsonParsed' }).send()
    expect(value.map((v) => v.pubkey)).toEqual([ata])
    expect(value[0].account.data.program).toBe('spl-token-2022')
    expect(value[0].account.data.parsed.info).toMatchObject({
      mint: devnet.token2022Mint,
      owner: to,
      tokenAmount: { amount: '1000000', uiAmountString: '1' },
      extensions: [{ extension: 'immutableOwner' }],
    })
    const { value: base64 } = await kit.rpc.getTokenAccountsByOwner(to, { programId: program }, { encoding: 'base64' }).send()
    expect(base64[0].account.data[1]).toBe('base64')
  })

  it('behavior: accountSubscribe notifies a change of the account', async () => {
    const watched = (await generateKeyPairSigner()).address
    const abort = new AbortController()
    const notifications = await kit.rpcSubscriptions.accountNotifications(watched, { encoding: 'base64' }).subscribe({ abortSignal: abort.signal })
    const first = (async () => {
      for await (const n of notifications) return n
    })()
    await kit.rpc.requestAirdrop(watched, lamports(1_000_000_000n)).send()
    const notification = await first
    abort.abort()
    expect(notification?.value?.lamports).toBe(1_000_000_000n)
    expect((await kit.rpc.getBalance(watched).send()).value).toBe(1_000_000_000n)
  })

  it('behavior: simulateTransaction with a replaced blockhash reports units, logs and the accounts after it', async () => {
    const from = devnet.accounts[1].signer
    const to = (await generateKeyPairSigner()).address
    const tx = await kit.sign(from, [getTransferSolInstruction({ source: from, destination: to, amount: lamports(10n ** 9n) })], {
      blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM',
      lastValidBlockHeight: 1n,
    })
    const { value } = await kit.rpc
      .simulateTransaction(wireBase64(tx), {
        encoding: 'base64',
        replaceRecentBlockhash: true,
        sigVerify: false,
        accounts: { addresses: [to], encoding: 'base64' },
      })
      .send()
    expect(value.err).toBeNull()
    expect(value.unitsConsumed).toBe(150n)
    expect(value.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(value.accounts?.[0]?.lamports).toBe(10n ** 9n)
    expect((await kit.rpc.isBlockhashValid(value.replacementBlockhash!.blockhash).send()).value).toBe(true)
    // Nothing was committed.
    expect((await kit.rpc.getBalance(to).send()).value).toBe(0n)
  })

  it('behavior: getMultipleAccounts, getFeeForMessage and rent answers', async () => {
    const { value } = await kit.rpc.getMultipleAccounts([devnet.accounts[1].address, (await generateKeyPairSigner()).address], { encoding: 'base64' }).send()
    expect(value[0]?.lamports).toBe(SOLANA_LAMPORTS_PER_ACCOUNT)
    expect(value[1]).toBeNull()
    expect(await kit.rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
  })
})
