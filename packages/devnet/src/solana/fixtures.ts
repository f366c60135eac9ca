/**
 * The local chain's genesis state: funded dev accounts, the faucet, a USDC-like SPL Token mint and a
 * Token-2022 mint with a balance in every dev account's associated token account. Keys come from fixed
 * seeds, so addresses are the same on every start (and match ./constants).
 */
import { createHash } from 'node:crypto'
import {
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressEncoder,
  getTransactionEncoder,
  lamports,
  none,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  some,
  type Address,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { AccountState, findAssociatedTokenPda, getMintEncoder, getTokenEncoder } from '@solana-program/token'
import { decodeTransaction, type SolanaChain } from './chain'
import {
  SOLANA_DEVNET_MINTS,
  SOLANA_DEV_ACCOUNTS,
  SOLANA_LAMPORTS_PER_ACCOUNT,
  SOLANA_SYSTEM_PROGRAM_ADDRESS,
  SOLANA_TOKEN_2022_PROGRAM_ADDRESS,
} from './constants'
import { RpcError, RPC_INTERNAL_ERROR, transactionErrorText } from './errors'
import { toBase58 } from './encoding'

/** The 32 bytes behind every fixed key and the genesis hash. */
export function solanaSeed(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`portico-devnet/solana/${label}`).digest())
}

export async function signerFromSeed(label: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(solanaSeed(label))
}

/** The 64-byte secret key (seed, then public key) in base58, as wallets import it. */
export function secretKeyFromSeed(label: string, address: Address): string {
  const bytes = new Uint8Array(64)
  bytes.set(solanaSeed(label))
  bytes.set(getAddressEncoder().encode(address), 32)
  return toBase58(bytes)
}

export const solanaGenesisHash = () => toBase58(solanaSeed('genesis'))

const FAUCET_LAMPORTS = 1_000_000_000n * 10n ** 9n
/** Token-2022 associated token accounts carry ImmutableOwner: account type 2, then extension 7 with no data. */
const IMMUTABLE_OWNER_TLV = new Uint8Array([2, 7, 0, 0, 0])

export interface SolanaDevAccount {
  address: Address
  /** Base58 64-byte keypair, as Phantom and Solflare import it. */
  secretKey: string
  signer: KeyPairSigner
}

export interface SolanaGenesis {
  accounts: SolanaDevAccount[]
  faucet: KeyPairSigner
}

export async function writeGenesis(chain: SolanaChain): Promise<SolanaGenesis> {
  const accounts = await Promise.all(
    SOLANA_DEV_ACCOUNTS.map(async (_, i) => {
      const signer = await signerFromSeed(`account/${i}`)
      return { address: signer.address, secretKey: secretKeyFromSeed(`account/${i}`, signer.address), signer }
    }),
  )
  const faucet = await signerFromSeed('faucet')
  const system = (address: Address, balance: bigint) =>
    chain.svm.setAccount({
      address,
      lamports: lamports(balance),
      data: new Uint8Array(),
      programAddress: SOLANA_SYSTEM_PROGRAM_ADDRESS as Address,
      executable: false,
      space: 0n,
    })
  for (const account of accounts) system(account.address, SOLANA_LAMPORTS_PER_ACCOUNT)
  system(faucet.address, FAUCET_LAMPORTS)

  const rent = (size: number) => lamports(chain.svm.minimumBalanceForRentExemption(BigInt(size)))
  for (const mint of Object.values(SOLANA_DEVNET_MINTS)) {
    const programAddress = mint.programAddress as Address
    const mintData = getMintEncoder().encode({
      mintAuthority: some(accounts[0].address),
      supply: mint.amountPerAccount * BigInt(accounts.length),
      decimals: mint.decimals,
      isInitialized: true,
      freezeAuthority: none(),
    })
    chain.svm.setAccount({
      address: mint.address as Address,
      lamports: rent(mintData.length),
      data: mintData,
      programAddress,
      executable: false,
      space: BigInt(mintData.length),
    })
    for (const { address: owner } of accounts) {
      const [ata] = await findAssociatedTokenPda({ owner, mint: mint.address as Address, tokenProgram: programAddress })
      const base = getTokenEncoder().encode({
        mint: mint.address as Address,
        owner,
        amount: mint.amountPerAccount,
        delegate: none(),
        state: AccountState.Initialized,
        isNative: none(),
        delegatedAmount: 0n,
        closeAuthority: none(),
      })
      const data = programAddress === SOLANA_TOKEN_2022_PROGRAM_ADDRESS ? concat(base, IMMUTABLE_OWNER_TLV) : new Uint8Array(base)
      chain.svm.setAccount({ address: ata, lamports: rent(data.length), data, programAddress, executable: false, space: BigInt(data.length) })
    }
  }
  return { accounts, faucet }
}

function concat(a: ArrayLike<number>, b: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

/** requestAirdrop: a real transfer from the faucet, so it has a signature, a status and a transaction. */
export function createFaucet(chain: SolanaChain, faucet: KeyPairSigner) {
  // One at a time: two equal airdrops signed against the same blockhash would be the same transaction.
  let queue: Promise<unknown> = Promise.resolve()
  return (to: Address, amount: bigint): Promise<string> => {
    const next = queue.then(() => airdrop(chain, faucet, to, amount))
    queue = next.catch(() => undefined)
    return next
  }
}

async function airdrop(chain: SolanaChain, faucet: KeyPairSigner, to: Address, amount: bigint): Promise<string> {
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(faucet, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight }, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: faucet, destination: to, amount }), m),
    ),
  )
  const tx = decodeTransaction(new Uint8Array(getTransactionEncoder().encode(signed)))
  const { err } = chain.execute(tx)
  if (err) throw new RpcError(RPC_INTERNAL_ERROR, `airdrop failed: ${transactionErrorText(err)}`)
  return tx.signature
}
