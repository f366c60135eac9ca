/**
 * sats-connect's sendTransfer: the wallet itself pays recipients from its payment address, choosing coins
 * from the Esplora UTXOs, change back to the payment address, signed, finalized and broadcast.
 */
import { hex } from '@scure/base'
import { Address, OutScript, selectUTXO } from '@scure/btc-signer'
import { DocsInvalidParamsError } from './errors'
import { broadcast, getFeeRate, getUtxos } from './esplora'
import type { DocsBitcoinNetwork, DocsKey } from './keys'
import { signPsbt } from './psbt'

export interface Recipient {
  address: string
  /** Satoshis. */
  amount: bigint
}

export interface SendTransferParameters {
  url: string
  key: DocsKey
  network: DocsBitcoinNetwork
  recipients: readonly Recipient[]
  /** sat/vB; default: the API's estimate for 3 blocks, else 2. */
  feeRate?: number
}

export async function sendTransfer({ url, key, network, recipients, feeRate }: SendTransferParameters): Promise<string> {
  if (recipients.length === 0) throw new DocsInvalidParamsError({ field: 'recipients', issue: 'empty' })
  const outputs = recipients.map(({ address, amount }) => {
    if (amount <= 0n) throw new DocsInvalidParamsError({ field: 'amount', issue: String(amount) })
    try {
      return { script: OutScript.encode(Address(network).decode(address)), amount }
    } catch {
      throw new DocsInvalidParamsError({ field: 'address', issue: address })
    }
  })
  const utxos = await getUtxos(url, key.address)
  const inputs = utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script: key.script, amount: BigInt(u.value) } }))
  const rate = feeRate ?? (await getFeeRate(url, 3, 2))
  const selection = selectUTXO(inputs, outputs, 'default', {
    changeAddress: key.address,
    feePerByte: BigInt(rate),
    network,
    bip69: true,
    createTx: true,
  })
  if (!selection?.tx) throw new DocsInvalidParamsError({ field: 'amount', issue: 'insufficient funds' })
  const { tx } = signPsbt({ psbt: selection.tx.toPSBT(), inputs: [{ key }], finalize: true })
  return broadcast(url, hex.encode(tx.extract()))
}
