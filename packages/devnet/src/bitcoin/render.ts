/** Esplora's JSON for transactions and outputs, rendered from the devnet's index. */
import { hex } from '@scure/base'
import { Address, OutScript } from '@scure/btc-signer'
import { type ChainView, type IndexedTx, inputTxid, isCoinbaseInput } from './chainIndex'
import { BITCOIN_DEVNET_NETWORK } from './constants'
import type { EsploraTx, EsploraTxOut, EsploraTxStatus } from './esploraSchemas'

const address = Address(BITCOIN_DEVNET_NETWORK)

/** The scriptPubKey (hex) a regtest address pays to, or undefined when it is not a valid regtest address. */
export function addressToScript(text: string): string | undefined {
  if (text.length > 100 || !/^[0-9A-Za-z]+$/.test(text)) return undefined
  try {
    return hex.encode(OutScript.encode(address.decode(text)))
  } catch {
    return undefined
  }
}

const TYPES: Record<string, string> = { pk: 'p2pk', pkh: 'p2pkh', sh: 'p2sh', wpkh: 'v0_p2wpkh', wsh: 'v0_p2wsh', tr: 'v1_p2tr', ms: 'multisig' }

export function renderOutput(script: Uint8Array, amount: bigint): EsploraTxOut {
  const out: EsploraTxOut = { scriptpubkey: hex.encode(script), scriptpubkey_type: 'unknown', value: Number(amount) }
  if (script[0] === 0x6a) return { ...out, scriptpubkey_type: 'op_return' }
  try {
    const decoded = OutScript.decode(script)
    out.scriptpubkey_type = TYPES[decoded.type] ?? 'unknown'
    if (['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(decoded.type)) out.scriptpubkey_address = address.encode(decoded)
  } catch {
    // Scripts btc-signer does not know stay 'unknown' without an address, as in Esplora.
  }
  return out
}

export function renderStatus(item: IndexedTx): EsploraTxStatus {
  if (!item.block) return { confirmed: false }
  return { confirmed: true, block_height: item.block.height, block_hash: item.block.hash, block_time: item.block.time }
}

/** The previous output an input spends (script and amount), when the devnet knows it. */
export function prevout(view: ChainView, input: IndexedTx['tx']['inputs'][number]) {
  if (isCoinbaseInput(input)) return undefined
  return view.getTx(inputTxid(input))?.tx.outputs[input.index]
}

export function renderTx(view: ChainView, item: IndexedTx): EsploraTx {
  let inSum = 0n
  let coinbase = false
  const vin = item.tx.inputs.map((input, i) => {
    const witness = item.tx.witnesses?.[i]?.map((w) => hex.encode(w))
    const prev = prevout(view, input)
    if (prev) inSum += prev.amount
    if (isCoinbaseInput(input)) coinbase = true
    return {
      txid: inputTxid(input),
      vout: input.index,
      prevout: prev ? renderOutput(prev.script, prev.amount) : null,
      scriptsig: hex.encode(input.finalScriptSig),
      ...(witness?.length ? { witness } : {}),
      is_coinbase: isCoinbaseInput(input),
      sequence: input.sequence,
    }
  })
  const outSum = item.tx.outputs.reduce((sum, o) => sum + o.amount, 0n)
  return {
    txid: item.txid,
    version: item.tx.version,
    locktime: item.tx.lockTime,
    vin,
    vout: item.tx.outputs.map((o) => renderOutput(o.script, o.amount)),
    size: item.size,
    weight: item.weight,
    fee: coinbase ? 0 : Number(inSum - outSum),
    status: renderStatus(item),
  }
}
