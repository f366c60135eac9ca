/** Test helpers for the chain routes and the indexers, EVM and Solana (tests only). */
import type { Devnet, DevnetChain } from '@portico/devnet'
import type { SolanaDevnet } from '@portico/devnet/solana'
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { createPublicClient, createWalletClient, defineChain, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEFAULT_CONFIG, type ServerConfig } from '../config.js'
import { TOKEN_2022_PROGRAM as TOKEN_2022_PROGRAM_ADDRESS } from '../solana/programs.js'

/** Polls `fn` until it returns a truthy value (returned) or the timeout passes (throws with the last value). */
export async function waitFor<T>(fn: () => Promise<T>, { timeoutMs = 10_000, intervalMs = 50, what = 'condition' } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  for (;;) {
    last = await fn()
    if (last) return last as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** Server overrides pointing at a devnet, with a fast indexer; only the fixtures' origin may serve loopback NFT metadata. */
export function devnetServerConfig(devnet: Devnet, extra: Partial<ServerConfig> = {}): Partial<ServerConfig> {
  return {
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    outboundAllowOrigins: [devnet.fixturesUrl],
    indexer: { ...DEFAULT_CONFIG.indexer!, pollMs: 50 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    ...extra,
  }
}

/** Wallet + public client for a dev account on a devnet chain. */
export function devClients(chain: DevnetChain, privateKey: `0x${string}`) {
  const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  const transport = http(chain.rpcUrl)
  return {
    wallet: createWalletClient({ account: privateKeyToAccount(privateKey), chain: viemChain, transport }),
    client: createPublicClient({ chain: viemChain, transport, pollingInterval: 20 }),
  }
}

/** Server overrides pointing at the local Solana chain (its mints are DEFAULT_CONFIG's chainAssets), with a fast indexer. */
export function solanaServerConfig(solana: SolanaDevnet, extra: Partial<ServerConfig> = {}): Partial<ServerConfig> {
  return {
    rpcUrls: { [solana.caip2]: solana.rpcUrl },
    indexer: { ...DEFAULT_CONFIG.indexer!, pollMs: 50 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    ...extra,
  }
}

/** Sends real transfers on the local Solana chain with @solana/kit, as a wallet would (confirmed). */
export function solanaSender(solana: SolanaDevnet) {
  const rpc = createSolanaRpc(solana.rpcUrl)
  const send = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: createSolanaRpcSubscriptions(solana.wsUrl) })
  async function sendInstructions(payer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
    )
    await send(signed as Parameters<typeof send>[0], { commitment: 'confirmed' })
    return getSignatureFromTransaction(signed)
  }
  return {
    rpc,
    sendInstructions,
    /** SOL (lamports) from `from` to `to`. */
    sol: (from: KeyPairSigner, to: Address, amount: bigint) =>
      sendInstructions(from, [getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) })]),
    /** TransferChecked of `amount` base units of a mint (either program), creating the receiver's token account when missing. */
    async token(from: KeyPairSigner, to: Address, mint: Address, amount: bigint, { decimals = 6, createAta = true } = {}) {
      const tokenProgram = (mint === solana.token2022Mint ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS) as Address
      const [source] = await findAssociatedTokenPda({ owner: from.address, mint, tokenProgram })
      const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
      const transfer = getTransferCheckedInstruction({ source, mint, destination, authority: from, amount, decimals }, { programAddress: tokenProgram })
      const create = createAta ? [await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: from, owner: to, mint, tokenProgram })] : []
      return sendInstructions(from, [...create, transfer])
    },
  }
}
