import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { mnemonicToSeedSync } from '@scure/bip39'
import { base64 } from '@scure/base'
import { NETWORK, p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { bip122Keys, bitcoinNetworkOf } from '../families/bip122.js'
import { bitcoinAccounts, type BitcoinAccount } from '../families/bip122Accounts.js'
import { describePsbt, HIGH_FEE_SATS, isHighFee } from './bitcoinApproval.js'
import { decodePsbt, extractSigned, PsbtError, signingPlan, signPlanned } from './bitcoinPsbt.js'

const regtest = bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')!
const secret = bip122Keys.derive(mnemonicToSeedSync('test test test test test test test test test test test junk')).secretKey
const accounts = bitcoinAccounts(secret, regtest)
const [payment, ordinal] = accounts
const stranger = p2wpkh(secp256k1.getPublicKey(hexToBytes('11'.repeat(32)), true), regtest.params)
const recipient = p2wpkh(secp256k1.getPublicKey(hexToBytes('22'.repeat(32)), true), regtest.params)
const txid = (n: number) => n.toString(16).padStart(64, '0')

/** A PSBT spending the user's coin (and optionally a stranger's), paying a recipient with change back. */
function psbtOf(opts: { stranger?: boolean; fee?: bigint; sighashType?: number; ordinal?: boolean } = {}) {
  const tx = new Transaction()
  const mine = opts.ordinal ? ordinal : payment
  tx.addInput({
    txid: txid(1),
    index: 0,
    witnessUtxo: { script: mine.script, amount: 100_000n },
    ...(opts.sighashType ? { sighashType: opts.sighashType } : {}),
  })
  if (opts.stranger) tx.addInput({ txid: txid(2), index: 1, witnessUtxo: { script: stranger.script, amount: 50_000n } })
  const total = opts.stranger ? 150_000n : 100_000n
  tx.addOutput({ script: recipient.script, amount: 60_000n })
  tx.addOutput({ script: payment.script, amount: total - 60_000n - (opts.fee ?? 1_000n) })
  return base64.encode(tx.toPSBT())
}

describe('PSBT decoding (issue 30: inputs, outputs, change, fee)', () => {
  it("default: the user's and a stranger's inputs, change marked, fee and size", () => {
    const decoded = decodePsbt(psbtOf({ stranger: true }), accounts, regtest.params)
    expect(decoded.inputs.map((i) => [i.address, i.amount, i.owner])).toEqual([
      [payment.address, 100_000n, 'payment'],
      [stranger.address, 50_000n, undefined],
    ])
    expect(decoded.outputs.map((o) => [o.address, o.amount, o.owner])).toEqual([
      [recipient.address, 60_000n, undefined],
      [payment.address, 89_000n, 'payment'],
    ])
    expect(decoded.fee).toBe(1_000n)
    // 2 P2WPKH inputs (68 vB each), 2 P2WPKH outputs (31 vB each), 10.5 vB of overhead.
    expect(decoded.vsize).toBe(209)
  })

  it("default: only the user's inputs are signed; the stranger's stays unsigned and shown as not the user's", () => {
    const decoded = decodePsbt(psbtOf({ stranger: true }), accounts, regtest.params)
    const plan = signingPlan(decoded, accounts)
    expect(plan.map((p) => p.index)).toEqual([0])
    const content = describePsbt(decoded, { title: 'Sign', network: 'Regtest', plan })
    const owners = content.sections!.filter((s) => s.title.startsWith('Input')).map((s) => s.rows.find((r) => r.label === 'Owner')!.value)
    expect(owners).toEqual(['Yours (payment address) · signed now', 'Not yours · this wallet does not sign it'])
    expect(content.sections!.map((s) => s.title)).toEqual(['Input 1', 'Input 2', 'Output 1', 'Output 2 · change'])
    expect(content.rows.map((r) => [r.label, r.value])).toEqual([
      ['Network', 'Regtest'],
      ['Sent to others', '0.0006 BTC'],
      ['Network fee', '0.00001 BTC'],
      ['Fee rate', '≈ 4.7 sat/vB'],
    ])
    expect(content.warnings).toEqual([])
    const signed = signPlanned(decoded, plan)
    expect(signed.getInput(0).partialSig?.[0]?.[0]).toEqual(payment.publicKey)
    expect(signed.getInput(1).partialSig).toBeUndefined()
    expect(() => extractSigned(signed)).toThrow(PsbtError)
  })

  it('default: all-user PSBT signs, finalizes and extracts; the returned PSBT stays unfinalized', () => {
    const decoded = decodePsbt(psbtOf(), accounts, regtest.params)
    const signed = signPlanned(decoded, signingPlan(decoded, accounts))
    expect(signed.getInput(0).finalScriptWitness).toBeUndefined()
    const { hex, txid: id } = extractSigned(signed)
    expect(Transaction.fromRaw(hexToBytes(hex)).id).toBe(id)
  })

  it('behavior: an ordinal (P2TR) input gets its BIP-86 internal key and a key-path signature; the screen warns', () => {
    const decoded = decodePsbt(psbtOf({ ordinal: true }), accounts, regtest.params)
    const plan = signingPlan(decoded, accounts)
    expect(plan[0]!.account.intention).toBe('ordinal')
    expect(describePsbt(decoded, { title: 'Sign', network: 'R', plan }).warnings!.map((w) => w.text)).toEqual([
      'This transaction spends a coin of your ordinal address: any inscription on it moves with it.',
    ])
    const signed = signPlanned(decoded, plan)
    expect(signed.getInput(0).tapKeySig).toHaveLength(64)
    expect(signed.getInput(0).tapInternalKey).toEqual(ordinal.publicKey)
  })

  it('behavior: a sighash other than ALL/DEFAULT is a danger warning', () => {
    const decoded = decodePsbt(psbtOf({ sighashType: SigHash.NONE }), accounts, regtest.params)
    const plan = signingPlan(decoded, accounts, [{ index: 0, address: payment.address, sighashTypes: [SigHash.NONE] }])
    const content = describePsbt(decoded, { title: 'Sign', network: 'R', plan })
    expect(content.warnings![0]).toEqual({ level: 'danger', text: expect.stringContaining('Input 1 is signed with NONE, not ALL') })
    expect(content.sections![0]!.rows.at(-1)).toEqual({ label: 'Signature hash', value: 'NONE' })
    // Not allowed by the host's signInputs: refused rather than signed with another sighash.
    expect(() => signingPlan(decoded, accounts)).toThrow(/sighash 2/)
  })

  it('behavior: a fee above 10% of the amount sent or above 0.001 BTC is warned of', () => {
    expect(isHighFee(6_001n, 60_000n)).toBe(true)
    expect(isHighFee(6_000n, 60_000n)).toBe(false)
    expect(isHighFee(HIGH_FEE_SATS + 1n, 100_000_000n)).toBe(true)
    const decoded = decodePsbt(psbtOf({ fee: 20_000n }), accounts, regtest.params)
    const content = describePsbt(decoded, { title: 'Sign', network: 'R', plan: signingPlan(decoded, accounts) })
    expect(content.warnings).toEqual([{ level: 'caution', text: 'The network fee (0.0002 BTC) is high: above 10% of the amount sent or above 0.001 BTC.' }])
  })

  it('error: malformed PSBTs are refused before anything is shown or signed', () => {
    for (const bad of [
      'not base64!!',
      base64.encode(new Uint8Array([1, 2, 3])),
      base64.encode(new TextEncoder().encode('psbt\xff')),
      'cHNidP8=',
      'A'.repeat(400_001),
    ])
      expect(() => decodePsbt(bad, accounts, regtest.params), bad.slice(0, 20)).toThrow(PsbtError)
    expect(() => decodePsbt('not base64!!', accounts, regtest.params)).toThrow(/^Malformed PSBT/)
  })

  it("error: signInputs naming a stranger's input, a wrong address or a missing index are refused", () => {
    const decoded = decodePsbt(psbtOf({ stranger: true }), accounts, regtest.params)
    expect(() => signingPlan(decoded, accounts, [{ index: 1, address: stranger.address! }])).toThrow(/does not spend/)
    expect(() => signingPlan(decoded, accounts, [{ index: 0, address: ordinal.address }])).toThrow(/does not spend/)
    expect(() => signingPlan(decoded, accounts, [{ index: 7, address: payment.address }])).toThrow(/no input 7/)
    const foreign = decodePsbt(psbtOf({ stranger: true }), [], regtest.params)
    expect(() => signingPlan(foreign, [])).toThrow(/no input of this wallet/)
  })
})

describe('P2TR key-path signing: BIP-341 wallet test vector (keyPathSpending, input 0, SIGHASH_SINGLE)', () => {
  const RAW =
    '02000000097de20cbff686da83a54981d2b9bab3586f4ca7e48f57f5b55963115f3b334e9c010000000000000000d7b7cab57b1393ace2d064f4d4a2cb8af6def61273e127517d44759b6dafdd990000000000fffffffff8e1f583384333689228c5d28eac13366be082dc57441760d957275419a418420000000000fffffffff0689180aa63b30cb162a73c6d2a38b7eeda2a83ece74310fda0843ad604853b0100000000feffffffaa5202bdf6d8ccd2ee0f0202afbbb7461d9264a25e5bfd3c5a52ee1239e0ba6c0000000000feffffff956149bdc66faa968eb2be2d2faa29718acbfe3941215893a2a3446d32acd050000000000000000000e664b9773b88c09c32cb70a2a3e4da0ced63b7ba3b22f848531bbb1d5d5f4c94010000000000000000e9aa6b8e6c9de67619e6a3924ae25696bb7b694bb677a632a74ef7eadfd4eabf0000000000ffffffffa778eb6a263dc090464cd125c466b5a99667720b1c110468831d058aa1b82af10100000000ffffffff0200ca9a3b000000001976a91406afd46bcdfd22ef94ac122aa11f241244a37ecc88ac807840cb0000000020ac9a87f5594be208f8532db38cff670c450ed2fea8fcdefcc9a663f78bab962b0065cd1d'
  const SPENT: [string, number][] = [
    ['512053a1f6e454df1aa2776a2814a721372d6258050de330b3c6d10ee8f4e0dda343', 420000000],
    ['5120147c9c57132f6e7ecddba9800bb0c4449251c92a1e60371ee77557b6620f3ea3', 462000000],
    ['76a914751e76e8199196d454941c45d1b3a323f1433bd688ac', 294000000],
    ['5120e4d810fd50586274face62b8a807eb9719cef49c04177cc6b76a9a4251d5450e', 504000000],
    ['512091b64d5324723a985170e4dc5a0f84c041804f2cd12660fa5dec09fc21783605', 630000000],
    ['00147dd65592d0ab2fe0d0257d571abf032cd9db93dc', 378000000],
    ['512075169f4001aa68f15bbed28b218df1d0a62cbbcf1188c6665110c293c907b831', 672000000],
    ['5120712447206d7a5238acc7ff53fbe94a3b64539ad291c7cdbc490b7577e4b17df5', 546000000],
    ['512077e30a5522dd9f894c3f8b8bd4c4b2cf82ca7da8a3ea6a239655c39c050ab220', 588000000],
  ]
  const PRIVATE = hexToBytes('6b973d88838f27366ed61c9ad6367663045cb456e28335c109e30717ae0c6baa')
  const EXPECTED = 'ed7c1647cb97379e76892be0cacff57ec4a7102aa24296ca39af7541246d8ff14d38958d4cc1e2e478e4d4a764bbfd835b16d4e314b72937b29833060b87276c03'

  it("default: the wallet's signature is the vector's witness (aux_rand zero)", () => {
    const tx = Transaction.fromRaw(hexToBytes(RAW), { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    SPENT.forEach(([script, amount], i) => tx.updateInput(i, { witnessUtxo: { script: hexToBytes(script), amount: BigInt(amount) } }))
    tx.updateInput(0, { sighashType: SigHash.SINGLE })
    const internal = schnorr.getPublicKey(PRIVATE)
    const tr = p2tr(internal, undefined, NETWORK)
    expect(bytesToHex(tr.script)).toBe(SPENT[0]![0])
    const account: BitcoinAccount = { intention: 'ordinal', address: tr.address!, publicKey: internal, path: 'm', script: tr.script, privateKey: PRIVATE }
    const decoded = decodePsbt(base64.encode(tx.toPSBT()), [account], NETWORK)
    expect(decoded.inputs.filter((i) => i.owner).map((i) => i.index)).toEqual([0])
    const plan = signingPlan(decoded, [account], [{ index: 0, address: account.address, sighashTypes: [SigHash.SINGLE] }])
    const signed = signPlanned(decoded, plan, new Uint8Array(32))
    expect(bytesToHex(signed.getInput(0).tapKeySig!)).toBe(EXPECTED)
  })
})
