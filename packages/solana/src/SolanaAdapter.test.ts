// @vitest-environment node
/**
 * The adapter against the real local Solana chain and the real Portico Solana Test Wallet
 * (Wallet Standard), with `window` stubbed as an EventTarget (enough for Wallet Standard) in node.
 */
import { defineNetwork, ProviderRequestError, UserRejectedRequestError, type AdapterEvents } from '@portico/core'
import { SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_MINTS, SOLANA_LAMPORTS_PER_ACCOUNT } from '@portico/devnet/solana-constants'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { createSolanaTestWallet, SOLANA_TEST_WALLET_NAME } from '@portico/test-wallets/solana'
import { address, createSolanaRpc, generateKeyPairSigner, type Signature } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { SolanaAdapter } from './SolanaAdapter.js'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ randomPorts: true })
}, 60_000)
afterAll(() => devnet?.stop())
beforeEach(() => {
  vi.stubGlobal('window', new EventTarget())
  return () => vi.unstubAllGlobals()
})

const network = () =>
  defineNetwork({
    id: SOLANA_DEVNET_CAIP2.slice('solana:'.length),
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [devnet.rpcUrl] } },
  })

function setup(walletOptions: Parameters<typeof createSolanaTestWallet>[0] = {}) {
  const handle = createSolanaTestWallet({ rpcUrl: devnet.rpcUrl, autoApprove: true, ...walletOptions })
  const events = { accountsChanged: vi.fn(), chainChanged: vi.fn(), disconnected: vi.fn() } satisfies AdapterEvents
  const adapter = new SolanaAdapter({ discover: (onChange) => (onChange([handle.wallet as Wallet]), () => {}) })
  adapter.setup({ networks: [network()], events })
  const connectors = vi.fn()
  adapter.watchConnectors(connectors)
  return { adapter, handle, events, connectors, caipNetwork: network() }
}

const rpc = () => createSolanaRpc(devnet.rpcUrl)
const tokenBalance = async (owner: string, mint: string) => {
  const { value } = await rpc().getTokenAccountsByOwner(address(owner), { mint: address(mint) }, { encoding: 'jsonParsed' }).send()
  const info = (value[0]?.account.data as { parsed?: { info?: { tokenAmount?: { amount: string } } } } | undefined)?.parsed?.info
  return BigInt(info?.tokenAmount?.amount ?? 0)
}
const lamports = async (owner: string) => (await rpc().getBalance(address(owner), { commitment: 'confirmed' }).send()).value
const feeOf = async (hash: string) => {
  const tx = await rpc().getTransaction(hash as Signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send()
  return BigInt(tx!.meta!.fee)
}

describe('SolanaAdapter', () => {
  test('lists Wallet Standard wallets as connectors of the solana family; connects, reconnects silently, disconnects', async () => {
    const { adapter, handle, connectors, caipNetwork } = setup()
    expect(connectors).toHaveBeenLastCalledWith([expect.objectContaining({ id: SOLANA_TEST_WALLET_NAME, name: SOLANA_TEST_WALLET_NAME, chain: 'solana', type: 'ANNOUNCED' })])
    const result = await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork })
    expect(result).toEqual({ connectorId: SOLANA_TEST_WALLET_NAME, accounts: [{ address: handle.address, type: 'eoa' }], caipNetworkId: SOLANA_DEVNET_CAIP2 })
    expect(await adapter.reconnect({ connectorId: SOLANA_TEST_WALLET_NAME })).toEqual(result)
    expect(adapter.getProvider(SOLANA_TEST_WALLET_NAME)).toBe(handle.wallet)
    await adapter.disconnect({ connectorId: SOLANA_TEST_WALLET_NAME })
    expect(await adapter.reconnect({ connectorId: SOLANA_TEST_WALLET_NAME })).toBeNull()
    expect(await adapter.reconnect({ connectorId: 'No Such Wallet', timeoutMs: 50 })).toBeNull()
  })

  test('a rejected connect is UserRejectedRequestError; an account switch in the wallet reaches core', async () => {
    const rejecting = setup({ rejectAll: true })
    await expect(rejecting.adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })).rejects.toBeInstanceOf(UserRejectedRequestError)
    const { adapter, handle, events } = setup()
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    handle.setAccount(1)
    expect(events.accountsChanged).toHaveBeenLastCalledWith(SOLANA_TEST_WALLET_NAME, [{ address: handle.address, type: 'eoa' }])
  })

  test('balance in lamports; signMessage gives a base58 ed25519 signature', async () => {
    const { adapter, handle, caipNetwork } = setup({ accountIndex: 4 })
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    const balance = await adapter.getBalance({ address: handle.address, caipNetwork })
    expect(balance).toMatchObject({ decimals: 9, symbol: 'SOL' })
    expect(BigInt(balance.value)).toBeLessThanOrEqual(SOLANA_LAMPORTS_PER_ACCOUNT)
    const signature = await adapter.signMessage({ connectorId: SOLANA_TEST_WALLET_NAME, address: handle.address, message: 'Sign in to Portico' })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  })

  test('sends 0.5 SOL to a new account: confirmed, the fee shown before is the fee charged', async () => {
    const { adapter, handle, caipNetwork } = setup({ accountIndex: 1 })
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    const to = (await generateKeyPairSigner()).address
    const parameters = { connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork, from: handle.address, to, amount: 500_000_000n }
    const fee = await adapter.estimateTransferFee(parameters)
    const { hash } = await adapter.sendTransfer(parameters)
    expect(await adapter.waitForTransaction({ hash, caipNetwork })).toEqual({ status: 'success' })
    expect(await lamports(to)).toBe(500_000_000n)
    expect(BigInt(fee.value)).toBe(await feeOf(hash))
    expect(BigInt(fee.value)).toBeGreaterThan(5_000n) // the base fee and a priority fee
  })

  test('USDC (Token) and the Token-2022 mint to a new owner: its token account is created, the amounts arrive', async () => {
    const { adapter, handle, caipNetwork } = setup({ accountIndex: 2 })
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    const to = (await generateKeyPairSigner()).address
    for (const mint of [SOLANA_DEVNET_MINTS.usdc, SOLANA_DEVNET_MINTS.token2022]) {
      const { hash } = await adapter.sendTransfer({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork, from: handle.address, to, amount: 10_000_000n, tokenAddress: mint.address })
      expect(await adapter.waitForTransaction({ hash, caipNetwork })).toEqual({ status: 'success' })
      expect(await tokenBalance(to, mint.address)).toBe(10_000_000n)
    }
    // Again to the same owner: the account exists now, the transfer alone.
    const { hash } = await adapter.sendTransfer({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork, from: handle.address, to, amount: 1n, tokenAddress: SOLANA_DEVNET_MINTS.usdc.address })
    await adapter.waitForTransaction({ hash, caipNetwork })
    expect(await tokenBalance(to, SOLANA_DEVNET_MINTS.usdc.address)).toBe(10_000_001n)
  })

  test('refuses SOL below the rent-exempt minimum to a new account, and maps a rejected send', async () => {
    const { adapter, handle, caipNetwork } = setup({ accountIndex: 3 })
    await adapter.connect({ connectorId: SOLANA_TEST_WALLET_NAME })
    const to = (await generateKeyPairSigner()).address
    await expect(adapter.sendTransfer({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork, from: handle.address, to, amount: 1_000n })).rejects.toBeInstanceOf(ProviderRequestError)
    handle.rejectAll = true
    await expect(adapter.sendTransfer({ connectorId: SOLANA_TEST_WALLET_NAME, caipNetwork, from: handle.address, to, amount: 1_000_000_000n })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await lamports(to)).toBe(0n)
  })
})
