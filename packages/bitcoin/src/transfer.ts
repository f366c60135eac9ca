// Loaded on demand (the send, fee and sign paths): @scure/btc-signer stays out of the page's first load.
import type { BitcoinAccountAddress } from '@portico/core'
import { bip122AddressParams } from '@portico/core/spec'
import { Address, NETWORK, OutScript, p2wpkh, Transaction } from '@scure/btc-signer'
import { base64, hex } from '@scure/base'
import { scriptKindOf, selectCoins, type Selection } from './coinSelection.js'
import { getUtxos, type EsploraContext } from './esplora.js'

type BTC_NETWORK = typeof NETWORK

/** btc-signer's network for a bip122 CAIP-2 id (the core table's prefixes). */
export function btcNetworkOf(caipNetworkId: string): BTC_NETWORK {
  const params = bip122AddressParams(caipNetworkId)
  if (!params) throw new Error(`unknown Bitcoin network ${caipNetworkId}`)
  return { bech32: params.hrp, pubKeyHash: params.p2pkh, scriptHash: params.p2sh, wif: params.hrp === 'bc' ? 0x80 : 0xef }
}

export interface PreparedTransfer extends Selection {
  /** The unsigned PSBT, base64. */
  psbt: string
  /** The inputs the payment address signs: all of them. */
  signIndexes: number[]
}

/** Selects the payment address's coins and builds the PSBT paying `to`, change back to `from`. */
export async function prepareTransfer(
  context: EsploraContext,
  { from, to, amount, feeRate, account }: { from: string; to: string; amount: bigint; feeRate: number; account?: BitcoinAccountAddress },
): Promise<PreparedTransfer> {
  const utxos = (await getUtxos(context, from)).map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value) }))
  const selection = selectCoins({ utxos, amount, feeRate, from, to })
  return {
    ...selection,
    psbt: buildPsbt(context.caipNetwork.caipNetworkId, { from, to, amount, selection, publicKey: account?.publicKey }),
    signIndexes: selection.inputs.map((_, i) => i),
  }
}

/** The PSBT (base64) of a selection: each input with its witness UTXO (and the key a P2TR or P2SH-P2WPKH input needs). */
export function buildPsbt(
  caipNetworkId: string,
  { from, to, amount, selection, publicKey }: { from: string; to: string; amount: bigint; selection: Selection; publicKey?: string },
): string {
  const network = btcNetworkOf(caipNetworkId)
  const script = OutScript.encode(Address(network).decode(from))
  const kind = scriptKindOf(from)
  const key = publicKey ? hex.decode(publicKey) : undefined
  if ((kind === 'p2tr' || kind === 'p2sh') && !key) throw new Error(`the wallet gave no public key for ${from}`)
  const tx = new Transaction()
  for (const utxo of selection.inputs) {
    tx.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script, amount: utxo.value },
      ...(kind === 'p2tr' ? { tapInternalKey: key!.length === 33 ? key!.slice(1) : key! } : {}),
      ...(kind === 'p2sh' ? { redeemScript: p2wpkh(key!, network).script } : {}),
    })
  }
  tx.addOutputAddress(to, amount, network)
  if (selection.change > 0n) tx.addOutputAddress(from, selection.change, network)
  return base64.encode(tx.toPSBT())
}

/** Finalizes a signed PSBT's inputs not final yet and extracts the raw transaction (hex) and its id. */
export function finalizePsbt(psbt: string): { hex: string; txid: string } {
  const tx = Transaction.fromPSBT(base64.decode(psbt))
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i)
    if (!input.finalScriptWitness?.length && !input.finalScriptSig?.length) tx.finalizeIdx(i)
  }
  return { hex: hex.encode(tx.extract()), txid: tx.id }
}
