import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
} from '@solana/kit'
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAMS } from './programs.js'
import { base58Bytes } from './signature.js'

const CONFIRM_TIMEOUT_MS = 30_000

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export async function associatedTokenAccount(owner: Address, mint: Address, tokenProgram: Address): Promise<Address> {
  const encoder = getAddressEncoder()
  const [ata] = await getProgramDerivedAddress({
    programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
    seeds: [encoder.encode(owner), encoder.encode(tokenProgram), encoder.encode(mint)],
  })
  return ata
}

/**
 * Mints `units` of an SPL mint (either token program) to `to`'s associated token account,
 * creating it when missing (CreateIdempotent, paid by the mint authority), with MintToChecked so
 * a mint of other decimals fails on chain. Refuses an RPC whose genesis hash is not `caip2`'s.
 * Waits for 'confirmed'; returns the signature. (The instructions are encoded here with
 * @solana/kit, the server's one Solana dependency.)
 */
export async function mintSplTokens(input: {
  rpcUrl: string
  caip2: string
  mint: string
  /** The mint authority's 64-byte secret key, base58. */
  authoritySecretKey: string
  to: string
  units: bigint
  decimals: number
}): Promise<string> {
  const rpc = createSolanaRpc(input.rpcUrl)
  const genesis = await rpc.getGenesisHash().send()
  if (`solana:${genesis.slice(0, 32)}` !== input.caip2) throw new Error(`The RPC for ${input.caip2} reports genesis ${genesis}`)
  const secret = base58Bytes(input.authoritySecretKey, 64)
  if (!secret) throw new Error('The mint authority key is not a 64-byte base58 secret key')
  const authority = await createKeyPairSignerFromBytes(secret)
  const mint = address(input.mint)
  const owner = address(input.to)
  const { value: mintAccount } = await rpc.getAccountInfo(mint, { encoding: 'base64', commitment: 'confirmed' }).send()
  if (!mintAccount || !TOKEN_PROGRAMS.includes(mintAccount.owner)) throw new Error(`${input.mint} is not a token mint on ${input.caip2}`)
  const tokenProgram = mintAccount.owner
  const ata = await associatedTokenAccount(owner, mint, tokenProgram)

  const createAta: Instruction = {
    programAddress: address(ASSOCIATED_TOKEN_PROGRAM),
    accounts: [
      { address: authority.address, role: AccountRole.WRITABLE_SIGNER, signer: authority } as never,
      { address: ata, role: AccountRole.WRITABLE },
      { address: owner, role: AccountRole.READONLY },
      { address: mint, role: AccountRole.READONLY },
      { address: address(SYSTEM_PROGRAM), role: AccountRole.READONLY },
      { address: tokenProgram, role: AccountRole.READONLY },
    ],
    data: new Uint8Array([1]), // CreateIdempotent
  }
  const data = new Uint8Array(10)
  data[0] = 14 // MintToChecked: amount (u64 LE), decimals (u8)
  new DataView(data.buffer).setBigUint64(1, input.units, true)
  data[9] = input.decimals
  const mintTo: Instruction = {
    programAddress: tokenProgram,
    accounts: [
      { address: mint, role: AccountRole.WRITABLE },
      { address: ata, role: AccountRole.WRITABLE },
      { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority } as never,
    ],
    data,
  }

  const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(authority, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions([createAta, mintTo], m),
    ),
  )
  const signature = getSignatureFromTransaction(signed)
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err)
      throw new Error(`The mint transaction ${signature} failed: ${JSON.stringify(status.err, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`)
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return signature
    if (Date.now() > deadline) throw new Error(`The mint transaction ${signature} was not confirmed in time`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
