// The adapter's on-demand chunk (its entry stays small): everything that needs @solana/kit and the
// program clients, imported on first use (a balance, a fee estimate, a send).
import { SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS } from '@portico/core/spec'
import { catalogueMessage, formatUnits, PorticoError, SendFormText, type AdapterBalance, type CatalogueMessage, type TransferParameters } from '@portico/core'
import { ErrorText } from '@portico/core/spec'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import { isSolanaAddress } from './address.js'
import { networkFee, priorityFee, tokenAccountSize } from './fee.js'
import { rpcOf, type ChainContext, type SolanaRpc } from './rpc.js'

export { getSolBalance, type ChainContext } from './rpc.js'
export { sendWire, signatureToString, waitForTransaction } from './confirm.js'

/** Compute units a transfer may use (the limit it asks for, which the priority fee is paid on). */
const COMPUTE_UNITS = { sol: 1_000, token: 20_000, tokenWithAccount: 60_000 }

export interface PreparedTransfer {
  rpc: SolanaRpc
  /** The unsigned wire transaction (fee payer and only signer: the sender). */
  wire: Uint8Array
  /** Base fee and priority fee, as getFeeForMessage reports them. */
  networkFee: bigint
  /** Lamports the receiver's new token account holds (rent-exempt), paid by the sender; 0 when it exists. */
  accountRent: bigint
}

const refuse = (message: CatalogueMessage) => new PorticoError(message, { category: 'API_ERROR' })

/**
 * The transfer as an unsigned transaction, after the checks the chain would otherwise fail on
 * (SPEC §5 texts via core's send form): the receiver is a Solana address; SOL to an address
 * without an account reaches the rent-exempt minimum; the sender holds the amount and the cost.
 * SOL is a System transfer; a token a TransferChecked on the mint's own program (Token or
 * Token-2022), after creating the receiver's associated token account (idempotently) when it is
 * missing. A compute-budget limit and priority fee come first.
 */
export async function prepareTransfer(context: ChainContext, { from, to, amount, tokenAddress }: TransferParameters): Promise<PreparedTransfer> {
  const { caipNetwork, commitment } = context
  if (!isSolanaAddress(to) || (tokenAddress !== undefined && !isSolanaAddress(tokenAddress)))
    throw refuse(catalogueMessage('sendForm', SendFormText, 'invalidAddress'))
  const rpc = rpcOf(caipNetwork)
  const sender = address(from)
  const signer = createNoopSigner(sender)
  const instructions: Instruction[] = []
  const writable: Address[] = [sender]
  let units = COMPUTE_UNITS.sol
  let accountRent = 0n
  let solOut = amount
  try {
    if (!tokenAddress) {
      const receiver = await rpc.getBalance(address(to), { commitment }).send()
      if (receiver.value === 0n && amount < SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS) {
        const { decimals, symbol } = caipNetwork.nativeCurrency
        throw refuse(catalogueMessage('sendForm', SendFormText, 'belowRentExemptMinimum', formatUnits(SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS, decimals), symbol))
      }
      instructions.push(getTransferSolInstruction({ source: signer, destination: address(to), amount }))
      writable.push(address(to))
    } else {
      solOut = 0n
      const mint = address(tokenAddress)
      const mintAccount = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed', commitment }).send()
      const info = (mintAccount.value?.data as { parsed?: { type?: string; info?: { decimals?: number; extensions?: { extension?: string }[] } } } | undefined)
        ?.parsed
      if (!mintAccount.value || info?.type !== 'mint' || typeof info.info?.decimals !== 'number')
        throw refuse(catalogueMessage('sendForm', SendFormText, 'invalidAddress'))
      const tokenProgram = mintAccount.value.owner
      const [source] = await findAssociatedTokenPda({ owner: sender, mint, tokenProgram })
      const [destination] = await findAssociatedTokenPda({ owner: address(to), mint, tokenProgram })
      const held = await rpc
        .getTokenAccountBalance(source, { commitment })
        .send()
        .then(
          (r) => BigInt(r.value.amount),
          () => 0n,
        )
      if (held < amount) throw refuse(catalogueMessage('sendForm', SendFormText, 'insufficientBalance'))
      const existing = await rpc.getAccountInfo(destination, { encoding: 'base64', commitment }).send()
      if (!existing.value) {
        instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner: address(to), mint, tokenProgram }))
        accountRent = await rpc.getMinimumBalanceForRentExemption(BigInt(tokenAccountSize(tokenProgram, info.info.extensions))).send()
        units = COMPUTE_UNITS.tokenWithAccount
      } else units = COMPUTE_UNITS.token
      instructions.push(
        getTransferCheckedInstruction({ source, mint, destination, authority: signer, amount, decimals: info.info.decimals }, { programAddress: tokenProgram }),
      )
      writable.push(source, destination)
    }
    const microLamports = await priorityFee(rpc, writable)
    const { value: blockhash } = await rpc.getLatestBlockhash({ commitment }).send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(sender, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getSetComputeUnitLimitInstruction({ units }), getSetComputeUnitPriceInstruction({ microLamports }), ...instructions],
          m,
        ),
    )
    const transaction = compileTransaction(message)
    const fee = await networkFee(rpc, transaction.messageBytes, commitment)
    const { value: lamports } = await rpc.getBalance(sender, { commitment }).send()
    if (lamports < solOut + fee + accountRent) throw refuse(catalogueMessage('sendForm', SendFormText, 'insufficientBalance'))
    return { rpc, wire: new Uint8Array(getTransactionEncoder().encode(transaction)), networkFee: fee, accountRent }
  } catch (error) {
    if (error instanceof PorticoError) throw error
    throw new PorticoError(catalogueMessage('error', ErrorText, 'transactionFailed'), { cause: error, category: 'API_ERROR' })
  }
}

/**
 * What the send costs the sender besides the amount, in SOL: the network fee (base and priority
 * fee) and, when the send creates the receiver's token account, that account's rent-exempt
 * deposit (the receiver's account keeps it).
 */
export async function estimateTransferFee(context: ChainContext, parameters: TransferParameters): Promise<AdapterBalance> {
  const { networkFee: fee, accountRent } = await prepareTransfer(context, parameters)
  const { decimals, symbol } = context.caipNetwork.nativeCurrency
  return { value: (fee + accountRent).toString(), decimals, symbol }
}
