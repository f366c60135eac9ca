// @vitest-environment node
/** The frame's bip122 family (issue 30), through the dispatcher as the host reaches it (RPC_REQUEST, chainNamespace bip122). */
import { secp256k1 } from '@noble/curves/secp256k1'
import { hexToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { bitcoinNetworkOf } from '../../families/bip122.js'
import { bitcoinAccounts } from '../../families/bip122Accounts.js'
import { deriveKeys, newEntropy } from '../../keys.js'
import type { ApprovalContent } from '../approval.js'
import type { FrameSession } from '../session.js'
import { handleRpc, keyFamilies } from './index.js'

const REGTEST = '0f9188f13cb7b2c71f2a335e3a4fc328'
const keys = deriveKeys(newEntropy(), keyFamilies)
const [payment, ordinal] = bitcoinAccounts(keys.secretKeys.bip122!, bitcoinNetworkOf(REGTEST)!)

function frame({ approved = true, signedIn = true } = {}) {
  const shown: ApprovalContent[] = []
  const session = {
    chainId: 31337,
    config: { apiUrl: 'http://127.0.0.1:1', projectId: 'p', rpcChains: ['eip155:31337', `bip122:${REGTEST}`] },
    rpcUrlFor: () => undefined,
    wallet: { keys: signedIn ? { keys } : undefined },
    approvals: { approve: async (content: ApprovalContent) => (shown.push(content), approved) },
  } as unknown as FrameSession
  const rpc = (method: string, params: unknown, chainId: string | undefined = REGTEST) =>
    handleRpc(session, { method, params, chainId, chainNamespace: 'bip122' })
  return { rpc, shown }
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('expected a refusal'),
    (e: Error & { code: number }) => e,
  )

function psbt() {
  const tx = new Transaction()
  tx.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script: payment.script, amount: 50_000n } })
  tx.addOutput({ script: p2wpkh(secp256k1.getPublicKey(hexToBytes('22'.repeat(32)), true), bitcoinNetworkOf(REGTEST)!.params).script, amount: 40_000n })
  return base64.encode(tx.toPSBT())
}

describe('rpc/bip122', () => {
  test('default: getAccountAddresses answers payment and ordinal of the network, without approval', async () => {
    const { rpc, shown } = frame()
    expect(await rpc('bip122_getAccountAddresses', {})).toEqual([
      { address: payment.address, publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/), path: "m/84'/1'/0'/0/0", intention: 'payment' },
      { address: ordinal.address, publicKey: expect.stringMatching(/^[0-9a-f]{64}$/), path: "m/86'/1'/0'/0/0", intention: 'ordinal' },
    ])
    expect(await rpc('bip122_getAccountAddresses', { intentions: ['ordinal'] })).toHaveLength(1)
    // No chain named: the host's first bip122 network.
    expect((await rpc('bip122_getAccountAddresses', {}, undefined)) as unknown[]).toHaveLength(2)
    expect(shown).toEqual([])
  })

  test('default: signMessage shows the message, then signs (ECDSA for payment, BIP-322 for ordinal by default)', async () => {
    const { rpc, shown } = frame()
    const ecdsa = (await rpc('bip122_signMessage', { address: payment.address, message: 'Hello' })) as { signature: string; messageHash: string }
    expect(base64.decode(ecdsa.signature)).toHaveLength(65)
    const bip322 = (await rpc('bip122_signMessage', { address: ordinal.address, message: 'Hello' })) as { signature: string }
    expect(base64.decode(bip322.signature)[0]).toBe(1)
    expect(shown.map((s) => [s.title, s.body?.text, s.rows.at(-1)?.value])).toEqual([
      ['Sign message', 'Hello', 'ECDSA (Bitcoin Signed Message)'],
      ['Sign message', 'Hello', 'BIP-322'],
    ])
    expect(shown[0]!.account).toBe(payment.address)
  })

  test("default: signPsbt signs the user's input after the screen, and returns the PSBT unfinalized", async () => {
    const { rpc, shown } = frame()
    const { psbt: signed } = (await rpc('bip122_signPsbt', { psbt: psbt() })) as { psbt: string }
    expect(Transaction.fromPSBT(base64.decode(signed)).getInput(0).partialSig).toHaveLength(1)
    expect(shown[0]!.title).toBe('Sign Bitcoin transaction')
  })

  test('error: rejected → 4001; signed out → 4100; unknown method → 4200; malformed PSBT → -32602, nothing shown', async () => {
    expect((await refusal(frame({ approved: false }).rpc('bip122_signPsbt', { psbt: psbt() }))).code).toBe(4001)
    expect((await refusal(frame({ signedIn: false }).rpc('bip122_getAccountAddresses', {}))).code).toBe(4100)
    expect((await refusal(frame().rpc('bip122_getBalance', {}))).code).toBe(4200)
    const { rpc, shown } = frame()
    const malformed = await refusal(rpc('bip122_signPsbt', { psbt: 'bm90IGEgcHNidA==' }))
    expect([malformed.code, malformed.message]).toEqual([-32602, expect.stringMatching(/^Malformed PSBT/)])
    expect((await refusal(rpc('bip122_signMessage', { address: ordinal.address, message: 'x', protocol: 'ecdsa' }))).code).toBe(-32602)
    expect((await refusal(rpc('bip122_signMessage', { address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', message: 'x' }))).code).toBe(-32602)
    expect((await refusal(rpc('bip122_sendTransfer', { recipientAddress: payment.address, amount: '0.1' }))).code).toBe(-32602)
    expect((await refusal(rpc('bip122_sendTransfer', { recipientAddress: payment.address, amount: '1000', changeAddress: ordinal.address }))).code).toBe(-32602)
    expect((await refusal(rpc('bip122_getAccountAddresses', {}, 'ffffffffffffffffffffffffffffffff'))).code).toBe(4901)
    expect(shown).toEqual([])
  })
})
