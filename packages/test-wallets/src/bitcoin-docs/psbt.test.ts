import { hex } from '@scure/base'
import { OutScript, SigHash, Transaction } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { DocsWalletError } from './errors'
import { deriveDocsAccount } from './keys'
import { parseSigHash, signPsbt } from './psbt'

const account = deriveDocsAccount()
const stranger = deriveDocsAccount({ accountIndex: 9 })

function psbt(): Uint8Array {
  const tx = new Transaction()
  tx.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script: account.payment.script, amount: 30_000n } })
  tx.addInput({ txid: '22'.repeat(32), index: 0, witnessUtxo: { script: stranger.payment.script, amount: 30_000n } })
  tx.addInput({ txid: '33'.repeat(32), index: 0, witnessUtxo: { script: account.ordinals.script, amount: 30_000n } })
  tx.addOutput({ script: OutScript.encode({ type: 'wpkh', hash: hex.decode('11'.repeat(20)) }), amount: 80_000n })
  return tx.toPSBT()
}

describe('signPsbt', () => {
  test('default: without indexes, signs exactly the inputs locked to its scripts; finalize finalizes them', () => {
    const { tx, signed } = signPsbt({ psbt: psbt(), inputs: [{ key: account.payment }, { key: account.ordinals }], finalize: true })
    expect(signed).toEqual([0, 2])
    expect(tx.getInput(0).finalScriptWitness).toHaveLength(2)
    expect(tx.getInput(1).finalScriptWitness).toBeUndefined()
    expect(tx.getInput(2).finalScriptWitness).toHaveLength(1)
  })

  test('behavior: a requested sighash is written to the input and used', () => {
    const { tx } = signPsbt({ psbt: psbt(), inputs: [{ key: account.payment, indexes: [0], sigHash: SigHash.ALL_ANYONECANPAY }] })
    expect(tx.getInput(0).sighashType).toBe(SigHash.ALL_ANYONECANPAY)
    const sig = tx.getInput(0).partialSig?.[0]?.[1]
    expect(sig?.[sig.length - 1]).toBe(SigHash.ALL_ANYONECANPAY)
  })

  test('error: an index out of range, a sighash name it does not know, nothing of its own to sign', () => {
    const code = (fn: () => unknown) => {
      try {
        fn()
      } catch (error) {
        return error instanceof DocsWalletError ? [error.code, (error.data as { field: string }).field] : error
      }
      return undefined
    }
    expect(code(() => signPsbt({ psbt: psbt(), inputs: [{ key: account.payment, indexes: [7] }] }))).toEqual([-32602, 'signingIndexes'])
    expect(code(() => parseSigHash('ALL|SOMETIMES'))).toEqual([-32602, 'sigHash'])
    expect(parseSigHash('SINGLE|ANYONECANPAY')).toBe(SigHash.SINGLE_ANYONECANPAY)
    expect(code(() => signPsbt({ psbt: psbt(), inputs: [{ key: deriveDocsAccount({ accountIndex: 2 }).payment }] }))).toEqual([-32602, 'inputsToSign'])
  })
})
