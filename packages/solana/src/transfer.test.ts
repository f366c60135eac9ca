// @vitest-environment node
/**
 * Sends through the adapter on the real local Solana chain with the Portico Solana Test Wallet:
 * SOL, USDC (Token) and the Token-2022 mint, the receiver's token account created when missing,
 * the cost shown before equal to what the sender paid, SPEC's refusals, rejection.
 */
import { catalogueMessage, PorticoError, SendFormText, UserRejectedRequestError, type CatalogueMessage, type TransferParameters } from '@portico/core'
import { SOLANA_DEVNET_MINTS } from '@portico/devnet/solana-constants'
import { SOLANA_TEST_WALLET_NAME } from '@portico/test-wallets/solana'
import { generateKeyPairSigner } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { chainReads, setup, useDevnet, withoutFeature } from './test/setup.js'

const chain = useDevnet()
const fresh = async () => (await generateKeyPairSigner()).address
/** The rent-exempt deposit of a token account: 165 bytes on Token, 170 on Token-2022 (ImmutableOwner). */
const rentOf = (bytes: number) => BigInt((128 + bytes) * 3_480 * 2)

async function connected(accountIndex: number, options: Parameters<typeof setup>[2] = {}) {
  const s = setup(chain.devnet, { accountIndex }, options)
  await s.adapter.connect({ connectorId: s.connectorId })
  const send = (p: Partial<TransferParameters> & Pick<TransferParameters, 'to' | 'amount'>): TransferParameters => ({
    connectorId: s.connectorId,
    caipNetwork: s.caipNetwork,
    from: s.handle.address,
    ...p,
  })
  return { ...s, send }
}

/** A refusal travels as its catalogue key and parameters; its shortMessage is that key's English. */
const refusal = ({ key, params, text }: CatalogueMessage) =>
  expect.objectContaining({ name: 'PorticoError', key, shortMessage: text, ...(params ? { params } : {}) })

describe('SolanaAdapter: sends', () => {
  test('0.5 SOL to a new account: confirmed; the fee shown before is what the chain charged (base + priority fee)', async () => {
    const { adapter, handle, caipNetwork, send } = await connected(1)
    const reads = chainReads(chain.devnet)
    const to = await fresh()
    const before = await reads.lamports(handle.address)
    const fee = await adapter.estimateTransferFee(send({ to, amount: 500_000_000n }))
    expect(fee).toMatchObject({ decimals: 9, symbol: 'SOL' })
    const { hash } = await adapter.sendTransfer(send({ to, amount: 500_000_000n }))
    expect(await adapter.waitForTransaction({ hash, caipNetwork })).toEqual({ status: 'success' })
    expect(await reads.lamports(to)).toBe(500_000_000n)
    expect(BigInt(fee.value)).toBe(await reads.feeOf(hash))
    expect(BigInt(fee.value)).toBeGreaterThan(5_000n) // the base fee per signature, and a priority fee on top
    expect(before - (await reads.lamports(handle.address))).toBe(500_000_000n + BigInt(fee.value))
  })

  test.each([
    ['USDC (Token)', SOLANA_DEVNET_MINTS.usdc.address, 165],
    ['the Token-2022 mint', SOLANA_DEVNET_MINTS.token2022.address, 170],
  ])('%s to a new owner: its token account is created; the cost shown is the fee plus that account’s rent', async (_, mint, size) => {
    const { adapter, handle, caipNetwork, send } = await connected(2)
    const reads = chainReads(chain.devnet)
    const to = await fresh()
    const [lamportsBefore, tokensBefore] = [await reads.lamports(handle.address), await reads.tokenBalance(handle.address, mint)]
    const cost = BigInt((await adapter.estimateTransferFee(send({ to, amount: 10_000_000n, tokenAddress: mint }))).value)
    const { hash } = await adapter.sendTransfer(send({ to, amount: 10_000_000n, tokenAddress: mint }))
    expect(await adapter.waitForTransaction({ hash, caipNetwork })).toEqual({ status: 'success' })
    expect(await reads.tokenBalance(to, mint)).toBe(10_000_000n)
    expect(tokensBefore - (await reads.tokenBalance(handle.address, mint))).toBe(10_000_000n)
    expect(cost).toBe((await reads.feeOf(hash)) + rentOf(size))
    expect(lamportsBefore - (await reads.lamports(handle.address))).toBe(cost)

    // Again to the same owner: the account exists now; the transfer alone, the fee alone.
    const again = send({ to, amount: 1n, tokenAddress: mint })
    const fee = BigInt((await adapter.estimateTransferFee(again)).value)
    const second = await adapter.sendTransfer(again)
    await adapter.waitForTransaction({ hash: second.hash, caipNetwork })
    expect(await reads.tokenBalance(to, mint)).toBe(10_000_001n)
    expect(fee).toBe(await reads.feeOf(second.hash))
  })

  test('a wallet that only signs (no solana:signAndSendTransaction): Portico sends what it signed', async () => {
    const { adapter, caipNetwork, send } = await connected(3, { wallet: (w) => withoutFeature(w, 'solana:signAndSendTransaction') })
    const to = await fresh()
    const { hash } = await adapter.sendTransfer(send({ to, amount: 1_000_000_000n }))
    expect(await adapter.waitForTransaction({ hash, caipNetwork })).toEqual({ status: 'success' })
    expect(await chainReads(chain.devnet).lamports(to)).toBe(1_000_000_000n)
  })

  test("SPEC's refusals, before the wallet is asked: rent-exempt minimum, invalid address, insufficient balance", async () => {
    const { adapter, handle, send } = await connected(3)
    const to = await fresh()
    const belowRent = catalogueMessage('sendForm', SendFormText, 'belowRentExemptMinimum', '0.00089088', 'SOL')
    expect(belowRent.text).toBe('A new account needs at least 0.00089088 SOL')
    await expect(adapter.sendTransfer(send({ to, amount: 890_879n }))).rejects.toEqual(refusal(belowRent))
    await expect(adapter.estimateTransferFee(send({ to, amount: 1_000n }))).rejects.toEqual(refusal(belowRent))
    // An existing account takes any amount.
    expect(BigInt((await adapter.estimateTransferFee(send({ to: handle.devAccounts[0]!, amount: 1_000n }))).value)).toBeGreaterThan(0n)
    await expect(adapter.sendTransfer(send({ to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', amount: 1n }))).rejects.toEqual(
      refusal(catalogueMessage('sendForm', SendFormText, 'invalidAddress')),
    )
    await expect(adapter.sendTransfer(send({ to: 'not-an-address', amount: 1n }))).rejects.toEqual(
      refusal(catalogueMessage('sendForm', SendFormText, 'invalidAddress')),
    )
    await expect(adapter.sendTransfer(send({ to, amount: 1n, tokenAddress: to }))).rejects.toEqual(
      refusal(catalogueMessage('sendForm', SendFormText, 'invalidAddress')),
    )
    const lamports = await chainReads(chain.devnet).lamports(handle.address)
    await expect(adapter.sendTransfer(send({ to, amount: lamports }))).rejects.toEqual(
      refusal(catalogueMessage('sendForm', SendFormText, 'insufficientBalance')),
    )
    const usdc = SOLANA_DEVNET_MINTS.usdc.address
    const held = await chainReads(chain.devnet).tokenBalance(handle.address, usdc)
    await expect(adapter.sendTransfer(send({ to, amount: held + 1n, tokenAddress: usdc }))).rejects.toEqual(
      refusal(catalogueMessage('sendForm', SendFormText, 'insufficientBalance')),
    )
    // A new owner without SOL holds no USDC either.
    const empty = await fresh()
    await expect(adapter.estimateTransferFee(send({ from: empty, to, amount: 1n, tokenAddress: usdc }))).rejects.toEqual(
      refusal(catalogueMessage('sendForm', SendFormText, 'insufficientBalance')),
    )
    expect(handle.signed).toHaveLength(0)
    expect(await chainReads(chain.devnet).lamports(to)).toBe(0n)
  })

  test('a send the user rejects in the wallet is UserRejectedRequestError, and nothing moves', async () => {
    const { adapter, handle, send } = await connected(4)
    const to = await fresh()
    handle.rejectAll = true
    const error = await adapter.sendTransfer(send({ to, amount: 1_000_000_000n })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toBeInstanceOf(PorticoError)
    expect(await chainReads(chain.devnet).lamports(to)).toBe(0n)
  })

  test('the connector id is the wallet name; an account the wallet did not connect is refused', async () => {
    const { adapter, send, handle } = await connected(0)
    expect(SOLANA_TEST_WALLET_NAME).toBe(handle.wallet.name)
    await expect(adapter.sendTransfer(send({ from: handle.devAccounts[1]!, to: handle.devAccounts[2]!, amount: 1n }))).rejects.toMatchObject({
      name: 'ProviderRequestError',
    })
  })
})
