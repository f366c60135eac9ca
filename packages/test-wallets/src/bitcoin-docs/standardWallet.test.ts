import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import { hex } from '@scure/base'
import { OutScript, SigHash, Transaction } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { createDocsBitcoinWallet } from './docsWallet'
import { DocsWalletError } from './errors'
import { createDocsStandardWallet } from './standardWallet'

const dev5 = BITCOIN_DEV_ACCOUNTS[5]
const other = BITCOIN_DEV_ACCOUNTS[6]

function setup(options: { rejectAll?: boolean } = {}) {
  const core = createDocsBitcoinWallet(options)
  return { core, wallet: createDocsStandardWallet(core) }
}

/** A PSBT an app would hand over: input 0 from the payment address, input 1 from the ordinals address. */
function appPsbt(core: ReturnType<typeof createDocsBitcoinWallet>) {
  const tx = new Transaction()
  tx.addInput({ txid: 'aa'.repeat(32), index: 0, witnessUtxo: { script: core.account.payment.script, amount: 50_000n } })
  tx.addInput({ txid: 'bb'.repeat(32), index: 1, witnessUtxo: { script: core.account.ordinals.script, amount: 10_000n } })
  tx.addOutput({ script: OutScript.encode({ type: 'wpkh', hash: hex.decode('00'.repeat(20)) }), amount: 55_000n })
  return tx.toPSBT()
}

async function rejection(promise: Promise<unknown>): Promise<DocsWalletError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof DocsWalletError)) throw new Error(`expected a DocsWalletError, got ${String(error)}`)
  return error
}

describe('Docs Bitcoin Wallet: Wallet Standard face', () => {
  test('default: its own name and icon, regtest chains, no account before connecting', () => {
    const { wallet } = setup()
    expect(wallet.name).toBe('Docs Bitcoin Wallet (development only)')
    expect(wallet.icon.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(wallet.chains).toEqual(['bitcoin:regtest', BITCOIN_DEVNET_CAIP2])
    expect(wallet.accounts).toEqual([])
    expect(Object.keys(wallet.features).sort()).toEqual([
      'bitcoin:connect',
      'bitcoin:signAndSendTransaction',
      'bitcoin:signMessage',
      'bitcoin:signTransaction',
      'standard:disconnect',
      'standard:events',
    ])
  })

  test('behavior: bitcoin:connect answers the purposes in the order asked; change event; disconnect', async () => {
    const { wallet } = setup()
    const changes: number[] = []
    const off = wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    const { accounts } = await wallet.features['bitcoin:connect'].connect({ purposes: ['ordinals', 'payment'] })
    expect(accounts.map((a) => a.address)).toEqual([dev5?.ordinal.address, dev5?.payment.address])
    expect(hex.encode(Uint8Array.from(accounts[1]?.publicKey ?? []))).toBe(dev5?.payment.publicKey)
    expect(wallet.accounts).toHaveLength(2)
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([2, 0])
    off()
  })

  test('behavior: bitcoin:signTransaction signs the named inputs (string and numeric sighash) without finalizing', async () => {
    const { core, wallet } = setup()
    const [ordinals, payment] = (await wallet.features['bitcoin:connect'].connect({ purposes: ['ordinals', 'payment'] })).accounts
    if (!payment || !ordinals) throw new Error('no accounts')
    const psbt = appPsbt(core)
    const [out] = await wallet.features['bitcoin:signTransaction'].signTransaction({
      psbt,
      chain: 'bitcoin:regtest',
      inputsToSign: [
        { account: payment, signingIndexes: [0], sigHash: 'ALL' },
        { account: ordinals, signingIndexes: [1], sigHash: SigHash.DEFAULT },
      ],
    })
    const signed = Transaction.fromPSBT(out?.signedPsbt ?? new Uint8Array())
    expect(out?.txId).toBeUndefined()
    const [pub, sig] = signed.getInput(0).partialSig?.[0] ?? []
    expect(hex.encode(pub ?? new Uint8Array())).toBe(dev5?.payment.publicKey)
    const scriptCode = OutScript.encode({ type: 'pkh', hash: core.account.payment.script.slice(2) })
    const sighash0 = signed.preimageWitnessV0(0, scriptCode, SigHash.ALL, 50_000n)
    expect(sig?.[sig.length - 1]).toBe(SigHash.ALL)
    expect(secp256k1.verify(sig?.slice(0, -1) ?? new Uint8Array(), sighash0, pub ?? new Uint8Array(), { format: 'der' })).toBe(true)
    const tapSig = signed.getInput(1).tapKeySig
    const sighash1 = signed.preimageWitnessV1(1, [core.account.payment.script, core.account.ordinals.script], SigHash.DEFAULT, [50_000n, 10_000n])
    expect(schnorr.verify(tapSig ?? new Uint8Array(), sighash1, core.account.ordinals.script.slice(2))).toBe(true)
    expect(signed.isFinal).toBe(false)
    signed.finalize()
    expect(signed.extract().length).toBeGreaterThan(0)
  })

  test('behavior: bitcoin:signMessage: ECDSA (65 bytes) for payment, BIP-322 witness for ordinals', async () => {
    const { wallet } = setup()
    const [payment, ordinals] = (await wallet.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })).accounts
    if (!payment || !ordinals) throw new Error('no accounts')
    const message = new TextEncoder().encode('Sign in to Portico')
    const [a, b] = await wallet.features['bitcoin:signMessage'].signMessage({ account: payment, message }, { account: ordinals, message })
    expect(a?.signature).toHaveLength(65)
    expect(a?.signedMessage).toEqual(message)
    expect(b?.signature).toHaveLength(66) // one witness item: varint 1, varint 64, 64 bytes
  })

  test('error: not connected (4100), an input that is not the wallet’s (-32602), another chain (-32602)', async () => {
    const { core, wallet } = setup()
    const foreign = { address: other?.payment.address ?? '', publicKey: new Uint8Array(33), chains: [], features: [] }
    expect((await rejection(wallet.features['bitcoin:signMessage'].signMessage({ account: foreign, message: new Uint8Array(1) }))).code).toBe(4100)
    const [payment] = (await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    if (!payment) throw new Error('no account')
    const psbt = appPsbt(core)
    const notOurs = await rejection(
      wallet.features['bitcoin:signTransaction'].signTransaction({ psbt, inputsToSign: [{ account: payment, signingIndexes: [1] }] }),
    )
    expect([notOurs.code, notOurs.data]).toMatchObject([-32602, { field: 'signingIndexes' }])
    const chain = await rejection(
      wallet.features['bitcoin:signTransaction'].signTransaction({ psbt, chain: 'bitcoin:mainnet', inputsToSign: [{ account: payment, signingIndexes: [0] }] }),
    )
    expect([chain.code, chain.data]).toMatchObject([-32602, { field: 'chain' }])
    const malformed = await rejection(wallet.features['bitcoin:signTransaction'].signTransaction({ psbt: new Uint8Array([1, 2, 3]), inputsToSign: [] }))
    expect([malformed.code, malformed.data]).toMatchObject([-32602, { field: 'psbt' }])
  })

  test('error: rejectAll refuses connecting and signing with 4001', async () => {
    const { core, wallet } = setup({ rejectAll: true })
    expect((await rejection(wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] }))).code).toBe(4001)
    core.rejectAll = false
    const [payment] = (await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    core.rejectAll = true
    if (!payment) throw new Error('no account')
    const error = await rejection(
      wallet.features['bitcoin:signTransaction'].signTransaction({ psbt: appPsbt(core), inputsToSign: [{ account: payment, signingIndexes: [0] }] }),
    )
    expect(error.code).toBe(4001)
  })
})
