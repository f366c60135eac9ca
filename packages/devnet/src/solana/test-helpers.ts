/** Shared by the Solana devnet tests: kit clients on a started devnet and a one-call transaction sender. */
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import type { SolanaDevnet } from './index'

export function kitClient(devnet: SolanaDevnet) {
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl)
  const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })

  /** Signs a v0 transaction of `instructions` paid by `payer` (with the latest blockhash unless one is given). */
  async function sign(payer: KeyPairSigner, instructions: Instruction[], lifetime?: { blockhash: string; lastValidBlockHeight: bigint }) {
    const { value: latest } = lifetime ? { value: lifetime } : await rpc.getLatestBlockhash().send()
    return signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: latest.blockhash as Blockhash, lastValidBlockHeight: latest.lastValidBlockHeight }, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
    )
  }

  /** Sends and waits for 'confirmed' through signatureSubscribe, as a dapp on kit does. */
  async function sendAndConfirmInstructions(payer: KeyPairSigner, instructions: Instruction[]) {
    const tx = await sign(payer, instructions)
    await sendAndConfirm(tx as Parameters<typeof sendAndConfirm>[0], { commitment: 'confirmed' })
    return tx
  }

  return { rpc, rpcSubscriptions, sign, sendAndConfirmInstructions }
}

/** A raw JSON-RPC call, to see the exact wire shapes of answers and errors. */
export async function rawCall(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as { result?: any; error?: { code: number; message: string; data?: any } }
}

export const wireBase64 = (tx: Parameters<typeof getBase64EncodedWireTransaction>[0]) => getBase64EncodedWireTransaction(tx)
