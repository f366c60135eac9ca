import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import { base64, hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { selectCoins } from './coinSelection.js'
import { buildPsbt, finalizePsbt } from './transfer.js'

const { payment, ordinal } = BITCOIN_DEV_ACCOUNTS[0]!
const to = BITCOIN_DEV_ACCOUNTS[1]!.payment.address
const utxos = [{ txid: '11'.repeat(32), vout: 1, value: 50_000n }]

const signAll = (psbt: string, privateKey: string) => {
  const tx = Transaction.fromPSBT(base64.decode(psbt))
  for (let i = 0; i < tx.inputsLength; i++) tx.signIdx(hex.decode(privateKey), i)
  return base64.encode(tx.toPSBT())
}

describe('PSBT building (the devnet cannot validate P2TR spends: these check them locally)', () => {
  test('P2TR payment address: the input carries the x-only key; signed with the dev key, finalized with a Schnorr signature', () => {
    const selection = selectCoins({ utxos, amount: 20_000n, feeRate: 2, from: ordinal.address, to })
    const psbt = buildPsbt(BITCOIN_DEVNET_CAIP2, { from: ordinal.address, to, amount: 20_000n, selection, publicKey: ordinal.publicKey })
    const { hex: raw, txid } = finalizePsbt(signAll(psbt, ordinal.privateKey))
    const tx = Transaction.fromRaw(hex.decode(raw))
    expect(tx.id).toBe(txid)
    expect(tx.getInput(0).finalScriptWitness?.[0]).toHaveLength(64)
    expect(tx.getOutput(0).amount).toBe(20_000n)
    expect(tx.getOutput(1).amount).toBe(selection.change)
    expect(tx.vsize).toBeLessThanOrEqual(selection.vsize)
  })

  test('P2WPKH: vsize estimate covers the signed size; an unsigned PSBT does not finalize', () => {
    const selection = selectCoins({ utxos, amount: 20_000n, feeRate: 2, from: payment.address, to })
    const psbt = buildPsbt(BITCOIN_DEVNET_CAIP2, { from: payment.address, to, amount: 20_000n, selection })
    expect(() => finalizePsbt(psbt)).toThrow()
    const tx = Transaction.fromRaw(hex.decode(finalizePsbt(signAll(psbt, payment.privateKey)).hex))
    expect(tx.vsize).toBeLessThanOrEqual(selection.vsize)
    expect(() => buildPsbt(BITCOIN_DEVNET_CAIP2, { from: ordinal.address, to, amount: 20_000n, selection })).toThrow(/public key/)
  })
})
