import { getBase58Decoder, getBase64Decoder, type Base64EncodedWireTransaction, type Signature } from '@solana/kit'
import { catalogueMessage, PorticoError } from '@portico/core'
import { ErrorText } from '@portico/core/spec'
import { rpcOf, type ChainContext } from './rpc.js'

/** Sends a transaction the wallet signed (wallets without solana:signAndSendTransaction); its signature. */
export async function sendWire({ caipNetwork, commitment }: ChainContext, signed: Uint8Array): Promise<string> {
  const wire = getBase64Decoder().decode(signed) as Base64EncodedWireTransaction
  return rpcOf(caipNetwork).sendTransaction(wire, { encoding: 'base64', preflightCommitment: commitment }).send()
}

export const signatureToString = (signature: Uint8Array) => getBase58Decoder().decode(signature)

const RANK = { processed: 0, confirmed: 1, finalized: 2 } as const
const TIMEOUT_MS = 60_000

/** Waits until the transaction reaches the configured commitment, or failed on chain, or a minute passed. */
export async function waitForTransaction({ caipNetwork, commitment }: ChainContext, hash: string): Promise<{ status: 'success' | 'reverted' }> {
  const rpc = rpcOf(caipNetwork)
  const deadline = Date.now() + TIMEOUT_MS
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([hash as Signature]).send()
    const status = value[0]
    if (status?.err) return { status: 'reverted' }
    if (status?.confirmationStatus && RANK[status.confirmationStatus] >= RANK[commitment]) return { status: 'success' }
    await new Promise((resolve) => setTimeout(resolve, 400))
  }
  throw new PorticoError(catalogueMessage('error', ErrorText, 'transactionFailed'), {
    details: `${hash} did not reach '${commitment}' within ${TIMEOUT_MS / 1000} s`,
    category: 'API_ERROR',
  })
}
