// @vitest-environment node
/**
 * Signing against the real local Solana chain (random ports): messages verify with ed25519,
 * signAndSendTransaction lands a SOL transfer, signTransaction returns what the chain accepts,
 * and the approval request says what a transaction does (SOL and token transfers).
 */
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { SOLANA_DEVNET_MINTS } from '@portico/devnet/solana-constants'
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
  type Instruction,
  type SignatureBytes,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { WalletAccount } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaTestWallet, type SolanaApprovalRequest, type SolanaTestWalletFeatures, type SolanaTestWalletOptions } from './index'

let devnet: SolanaDevnet
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  devnet = await startSolanaDevnet({ randomPorts: true })
  rpc = createSolanaRpc(devnet.rpcUrl)
}, 30_000)
afterAll(() => devnet?.stop())

/** A connected wallet (autoApprove unless a hook answers), recording what it was asked. */
async function connected(opts: SolanaTestWalletOptions = {}) {
  const asked: SolanaApprovalRequest[] = []
  const handle = createSolanaTestWallet({
    rpcUrl: devnet.rpcUrl,
    origin: 'http://dapp.test',
    onApprovalRequest: (r) => (asked.push(r), true),
    ...opts,
  })
  const f = handle.wallet.features as unknown as SolanaTestWalletFeatures
  const { accounts } = await f['standard:connect'].connect()
  return { handle, f, account: accounts[0]!, asked }
}

async function transactionBytes(feePayer: string, instructions: Instruction[]): Promise<Uint8Array> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

const solTransfer = (from: WalletAccount, to: string, amount: bigint) =>
  transactionBytes(from.address, [getTransferSolInstruction({ source: createNoopSigner(from.address as Address), destination: to as Address, amount })])

const balance = async (address: string) => (await rpc.getBalance(address as Address).send()).value
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected rejection')
    },
    (e: unknown) => e as Error & { code: number },
  )

describe('Portico Solana Test Wallet signing', () => {
  it('solana:signMessage returns an ed25519 signature that verifies', async () => {
    const { handle, f, account, asked } = await connected()
    const message = new TextEncoder().encode('Sign in to Portico demo\nNonce: 42')
    const [output] = await f['solana:signMessage'].signMessage({ account, message })
    expect(output!.signedMessage).toEqual(message)
    expect(output!.signatureType).toBe('ed25519')
    const publicKey = await getPublicKeyFromAddress(account.address as Address)
    expect(await verifySignature(publicKey, output!.signature as SignatureBytes, message)).toBe(true)
    expect(await verifySignature(publicKey, output!.signature as SignatureBytes, new TextEncoder().encode('other'))).toBe(false)
    expect(asked.at(-1)).toMatchObject({
      feature: 'solana:signMessage',
      title: 'Sign message',
      details: [{ label: 'Message', value: 'Sign in to Portico demo\nNonce: 42' }],
    })
    expect(handle.signed).toEqual([
      {
        feature: 'solana:signMessage',
        account: account.address,
        signature: getBase58Decoder().decode(output!.signature),
        message: 'Sign in to Portico demo\nNonce: 42',
      },
    ])
  })

  it('solana:signAndSendTransaction lands a SOL transfer and shows it as one', async () => {
    const { handle, f, account, asked } = await connected()
    const to = devnet.accounts[4]!.address
    const before = await balance(to)
    const [{ signature }] = (await f['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      chain: devnet.caip2 as `solana:${string}`,
      transaction: await solTransfer(account, to, 1_500_000_000n),
      options: { commitment: 'confirmed' },
    })) as [{ signature: Uint8Array }]
    expect(signature).toHaveLength(64)
    const base58Signature = getBase58Decoder().decode(signature)
    const { value: statuses } = await rpc.getSignatureStatuses([base58Signature as never]).send()
    expect(statuses[0]?.err).toBeNull()
    expect((await balance(to)) - before).toBe(1_500_000_000n)

    expect(asked.at(-1)!.title).toBe(`Send 1.5 SOL to ${to}`)
    expect(asked.at(-1)!.details).toEqual(
      expect.arrayContaining([
        { label: 'Program', value: 'System Program: transfer' },
        { label: 'Amount', value: '1.5 SOL' },
        { label: 'To', value: to },
      ]),
    )
    expect(handle.signed.at(-1)).toMatchObject({ feature: 'solana:signAndSendTransaction', signature: base58Signature, summary: `Send 1.5 SOL to ${to}` })
  })

  it('with a commitment, signAndSendTransaction confirms and reports a transaction that failed on chain', async () => {
    const { handle, f, account } = await connected()
    const tooMuch = await solTransfer(account, devnet.accounts[1]!.address, 10n ** 18n)
    const err = await rejection(
      f['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: 'solana:localnet',
        transaction: tooMuch,
        options: { skipPreflight: true, commitment: 'confirmed' },
      }),
    )
    expect(err.message).toMatch(/^Transaction \w+ failed on chain: /)
    expect(handle.signed.at(-1)!.feature).toBe('solana:signAndSendTransaction') // signed and sent all the same
  })

  it('solana:signTransaction returns a signed transaction the chain accepts', async () => {
    const { f, account } = await connected()
    const to = devnet.accounts[3]!.address
    const before = await balance(to)
    const unsigned = await solTransfer(account, to, 2_000_000n)
    const [{ signedTransaction }] = (await f['solana:signTransaction'].signTransaction({ account, transaction: unsigned })) as [
      { signedTransaction: Uint8Array },
    ]
    const tx = getTransactionDecoder().decode(signedTransaction)
    expect(tx.signatures[account.address as Address]).toHaveLength(64)
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send()
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]?.err).toBeNull()
    expect((await balance(to)) - before).toBe(2_000_000n)
  })

  it('shows a token transfer with its amount, symbol and receiving wallet', async () => {
    const { f, account, asked } = await connected()
    const mint = SOLANA_DEVNET_MINTS.usdc
    const owner = account.address as Address
    const receiver = devnet.accounts[2]!.address
    const [source] = await findAssociatedTokenPda({ owner, mint: mint.address as Address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: receiver, mint: mint.address as Address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const ix = getTransferCheckedInstruction({
      source,
      mint: mint.address as Address,
      destination,
      authority: createNoopSigner(owner),
      amount: 2_500_000n,
      decimals: 6,
    })
    await f['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:localnet', transaction: await transactionBytes(owner, [ix]) })
    expect(asked.at(-1)!.title).toBe(`Send 2.5 USDC to ${receiver}`)
    expect(asked.at(-1)!.details).toEqual(
      expect.arrayContaining([
        { label: 'To token account', value: destination },
        { label: 'Mint', value: mint.address },
      ]),
    )
    const { value } = await rpc.getTokenAccountBalance(destination).send()
    expect(value.amount).toBe((mint.amountPerAccount + 2_500_000n).toString())
  })

  it('solana:signIn connects and signs the Sign In With Solana message in one approval', async () => {
    const asked: SolanaApprovalRequest[] = []
    const handle = createSolanaTestWallet({ rpcUrl: devnet.rpcUrl, origin: 'http://dapp.test:5173', onApprovalRequest: (r) => (asked.push(r), true) })
    const f = handle.wallet.features as unknown as SolanaTestWalletFeatures
    const changes: number[] = []
    f['standard:events'].on('change', (p) => changes.push(p.accounts?.length ?? -1))
    const input = {
      statement: 'Sign in to the Portico demo',
      uri: 'http://dapp.test:5173',
      version: '1',
      chainId: 'localnet',
      nonce: 'abc12345',
      issuedAt: '2026-01-01T00:00:00.000Z',
    }
    const [output] = await f['solana:signIn'].signIn(input)
    const address = devnet.accounts[0]!.address
    const text = [
      `dapp.test:5173 wants you to sign in with your Solana account:`,
      address,
      '',
      'Sign in to the Portico demo',
      '',
      'URI: http://dapp.test:5173',
      'Version: 1',
      'Chain ID: localnet',
      'Nonce: abc12345',
      'Issued At: 2026-01-01T00:00:00.000Z',
    ].join('\n')
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(text)
    expect(output!.account.address).toBe(address)
    expect(await verifySignature(await getPublicKeyFromAddress(address), output!.signature as SignatureBytes, output!.signedMessage)).toBe(true)
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ feature: 'solana:signIn', title: 'Sign in to dapp.test:5173' })
    // Signing in connected the site.
    expect(handle.wallet.accounts.map((a) => a.address)).toEqual([address])
    expect(changes).toEqual([1])
    // Another account than the wallet's is refused.
    const err = await rejection(f['solana:signIn'].signIn({ address: devnet.accounts[1]!.address }))
    expect(err.code).toBe(-32602)
  })

  it('rejecting a signature throws 4001 and sends nothing; foreign transactions and chains are refused', async () => {
    const { handle, f, account } = await connected({ onApprovalRequest: () => false, autoApprove: true })
    handle.autoApprove = false
    const to = devnet.accounts[1]!.address
    const before = await balance(to)
    const err = await rejection(
      f['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:localnet', transaction: await solTransfer(account, to, 1n) }),
    )
    expect(err.code).toBe(4001)
    expect(err.message).toBe('User rejected the request.')
    expect(await balance(to)).toBe(before)
    expect((await rejection(f['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }))).code).toBe(4001)
    expect(handle.signed).toEqual([])

    handle.autoApprove = true
    // Not a signer of the transaction / not a supported chain.
    const foreign = await solTransfer({ ...account, address: devnet.accounts[1]!.address }, to, 1n)
    expect((await rejection(f['solana:signTransaction'].signTransaction({ account, transaction: foreign }))).code).toBe(-32602)
    expect((await rejection(f['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:mainnet', transaction: foreign }))).code).toBe(
      4200,
    )
  })
})
