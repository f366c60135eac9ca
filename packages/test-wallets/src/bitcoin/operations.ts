/**
 * What every face of the test wallet does with the dev keys (Wallet Standard, sats-connect and the
 * WalletConnect test wallet): list addresses, sign messages, sign PSBTs, send transfers. Each asks
 * `approve` first and records what it signed.
 */
import { base64 } from '@scure/base'
import { Address, OutScript, type Transaction } from '@scure/btc-signer'
import { invalidParams, notConnected } from './errors'
import { type BitcoinDevAccount, type BitcoinKey, keyOf } from './keys'
import { signMessageBip322, signMessageEcdsa } from './message'
import { REGTEST } from './network'
import { type InputToSign, ownInputs, parsePsbt, psbtBase64, signInputs } from './psbt'
import { broadcast, buildTransfer } from './transfer'
import type { BitcoinApprovalRequest, BitcoinSignedRecord } from './types'

export type MessageProtocol = 'ecdsa' | 'bip322'

export interface BitcoinOperationsDeps {
  url: string
  account(): BitcoinDevAccount
  approve(method: string, title: string, details: BitcoinApprovalRequest['details'], address: string): Promise<void>
  record(entry: BitcoinSignedRecord): void
}

export interface PsbtInputsRequest {
  address: string
  indexes: readonly number[]
  sigHash?: number
}

export function createBitcoinOperations(deps: BitcoinOperationsDeps) {
  const keyFor = (address: string, method: string): BitcoinKey => {
    const key = keyOf(deps.account(), address)
    if (!key) throw notConnected(`${method}: ${address} is not one of this wallet's addresses`)
    return key
  }

  return {
    keyFor,

    /** ECDSA by default for P2WPKH, BIP-322 for P2TR (sats-connect's documented defaults). */
    async signMessage(method: string, address: string, message: Uint8Array, protocol?: MessageProtocol) {
      const key = keyFor(address, method)
      const chosen: MessageProtocol = protocol ?? (key.type === 'p2tr' ? 'bip322' : 'ecdsa')
      if (chosen === 'ecdsa' && key.type === 'p2tr') throw invalidParams('ECDSA message signatures need a P2WPKH or P2PKH address; use BIP-322 for taproot.')
      const text = new TextDecoder().decode(message)
      await deps.approve(
        method,
        'Sign a message',
        [
          { label: 'Message', value: text },
          { label: 'Protocol', value: chosen === 'ecdsa' ? 'ECDSA' : 'BIP-322' },
        ],
        address,
      )
      const signed = chosen === 'ecdsa' ? signMessageEcdsa(key, message) : signMessageBip322(key, message)
      deps.record({ method, address, message: text, signature: signed.signature })
      return { ...signed, protocol: chosen, address }
    },

    /** Signs the named inputs, or every input of the wallet's addresses; broadcasts when asked (then it must be final). */
    async signPsbt(method: string, psbt: string | Uint8Array, requests: readonly PsbtInputsRequest[] | undefined, send = false) {
      const tx = parsePsbt(psbt)
      const account = deps.account()
      const inputs: InputToSign[] = requests
        ? requests.flatMap((r) =>
            r.indexes.map((index) => ({ index, key: keyFor(r.address, method), ...(r.sigHash !== undefined ? { sigHash: r.sigHash } : {}) })),
          )
        : ownInputs(tx, [account.payment, account.ordinal])
      if (inputs.length === 0) throw invalidParams("No input of the PSBT is the wallet's to sign.")
      await deps.approve(method, send ? 'Sign and send a transaction' : 'Sign a transaction', describe(tx, inputs), inputs[0]!.key.address)
      signInputs(tx, inputs)
      const txid = send ? await broadcast(deps.url, tx) : undefined
      const signedPsbt = psbtBase64(tx)
      deps.record({ method, address: inputs[0]!.key.address, psbt: signedPsbt, ...(txid ? { txid } : {}) })
      return { psbt: base64.decode(signedPsbt), psbtBase64: signedPsbt, txid, tx }
    },

    /** Builds a payment from the payment address's UTXOs, signs and broadcasts it. */
    async sendTransfer(method: string, recipients: readonly { address: string; amount: bigint }[], changeAddress?: string) {
      if (recipients.length === 0) throw invalidParams('A transfer needs at least one recipient.')
      const key = deps.account().payment
      const total = recipients.reduce((n, r) => n + r.amount, 0n)
      await deps.approve(
        method,
        `Send ${formatBtc(total)} BTC`,
        recipients.map((r) => ({ label: 'To', value: `${r.address}: ${formatBtc(r.amount)} BTC` })),
        key.address,
      )
      const tx = await buildTransfer(deps.url, key, { recipients: [...recipients], ...(changeAddress ? { changeAddress } : {}) })
      const txid = await broadcast(deps.url, tx)
      deps.record({ method, address: key.address, txid })
      return { txid }
    },
  }
}

export type BitcoinOperations = ReturnType<typeof createBitcoinOperations>

export function formatBtc(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** The approval's lines: the inputs signed, every output with its address and amount. */
function describe(tx: Transaction, inputs: readonly InputToSign[]): BitcoinApprovalRequest['details'] {
  const lines = [{ label: 'Signs inputs', value: inputs.map((i) => `#${i.index} (${i.key.address})`).join(', ') }]
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i)
    let to = 'unknown script'
    try {
      to = output.script ? Address(REGTEST).encode(OutScript.decode(output.script)) : to
    } catch {
      // OP_RETURN and non-standard outputs have no address.
    }
    lines.push({ label: `Output ${i}`, value: `${to}: ${formatBtc(output.amount ?? 0n)} BTC` })
  }
  return lines
}
