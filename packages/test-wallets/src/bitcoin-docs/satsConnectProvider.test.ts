import { BITCOIN_DEV_ACCOUNTS } from '@portico/devnet/bitcoin-constants'
import { base64, hex } from '@scure/base'
import { OutScript, Transaction } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { bip322MessageHash } from './bip322'
import { createDocsBitcoinWallet } from './docsWallet'
import { createDocsSatsConnectProvider } from './satsConnectProvider'

const dev5 = BITCOIN_DEV_ACCOUNTS[5]

function setup(options: { rejectAll?: boolean } = {}) {
  const core = createDocsBitcoinWallet(options)
  return { core, provider: createDocsSatsConnectProvider(core) }
}

describe('Docs Bitcoin Wallet: sats-connect provider', () => {
  test('default: getInfo and JSON-RPC 2.0 replies', async () => {
    const { provider } = setup()
    const reply = await provider.request('getInfo', null)
    expect(reply).toMatchObject({ jsonrpc: '2.0', result: { version: '1.0.0', platform: 'web', supports: [] } })
    expect(typeof reply.id).toBe('string')
  })

  test('behavior: wallet_connect gives the payment and ordinals addresses; wallet_getAccount; wallet_disconnect', async () => {
    const { provider } = setup()
    const connected = await provider.request('wallet_connect', { addresses: ['payment', 'ordinals'], message: 'Portico' })
    expect(connected).toMatchObject({
      result: {
        addresses: [
          { address: dev5?.payment.address, publicKey: dev5?.payment.publicKey, purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
          { address: dev5?.ordinal.address, publicKey: dev5?.ordinal.publicKey, purpose: 'ordinals', addressType: 'p2tr', walletType: 'software' },
        ],
        walletType: 'software',
        network: { bitcoin: { name: 'Regtest' } },
      },
    })
    expect(await provider.request('wallet_getAccount', null)).toMatchObject({ result: { addresses: [{}, {}] } })
    const events: string[] = []
    provider.addListener({ eventName: 'disconnect', cb: (e) => events.push(e.type) })
    expect(await provider.request('wallet_disconnect', null)).toMatchObject({ result: null })
    expect(events).toEqual(['disconnect'])
    expect(await provider.request('wallet_getAccount', null)).toMatchObject({ error: { code: -32002 } })
  })

  test('behavior: getAddresses (legacy request) and accountChange on an account switch', async () => {
    const { core, provider } = setup()
    const changes: unknown[] = []
    provider.addListener('accountChange', (e) => changes.push(e.addresses))
    expect(await provider.request('getAddresses', { purposes: ['payment'] })).toMatchObject({ result: { addresses: [{ address: dev5?.payment.address }] } })
    core.setAccount(6)
    expect(changes.at(-1)).toMatchObject([{ address: BITCOIN_DEV_ACCOUNTS[6]?.payment.address }])
  })

  test('behavior: signMessage: ECDSA by default on payment, BIP322 by default on ordinals', async () => {
    const { provider } = setup()
    await provider.request('wallet_connect', null)
    const ecdsa = await provider.request('signMessage', { address: dev5?.payment.address, message: 'Hello World' })
    expect(ecdsa).toMatchObject({ result: { protocol: 'ECDSA', address: dev5?.payment.address } })
    if (!('result' in ecdsa)) throw new Error('no result')
    const { signature } = ecdsa.result as { signature: string }
    expect(base64.decode(signature)).toHaveLength(65)
    const bip322 = await provider.request('signMessage', { address: dev5?.ordinal.address, message: 'Hello World' })
    expect(bip322).toMatchObject({ result: { protocol: 'BIP322', messageHash: 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a' } })
    const segwit322 = await provider.request('signMessage', { address: dev5?.payment.address, message: '', protocol: 'BIP322' })
    expect(segwit322).toMatchObject({ result: { protocol: 'BIP322', messageHash: hex.encode(bip322MessageHash(new Uint8Array())) } })
    expect(await provider.request('signMessage', { address: dev5?.ordinal.address, message: 'x', protocol: 'ECDSA' })).toMatchObject({
      error: { code: -32602 },
    })
  })

  test('behavior: signPsbt signs the signInputs named by address, base64 in and out', async () => {
    const { core, provider } = setup()
    await provider.request('wallet_connect', { addresses: ['payment'] })
    const tx = new Transaction()
    tx.addInput({ txid: 'cc'.repeat(32), index: 2, witnessUtxo: { script: core.account.payment.script, amount: 20_000n } })
    tx.addOutput({ script: OutScript.encode({ type: 'wpkh', hash: new Uint8Array(20) }), amount: 18_000n })
    const reply = await provider.request('signPsbt', { psbt: base64.encode(tx.toPSBT()), signInputs: { [dev5?.payment.address ?? '']: [0] } })
    if (!('result' in reply)) throw new Error(JSON.stringify(reply))
    const signed = Transaction.fromPSBT(base64.decode((reply.result as { psbt: string }).psbt))
    expect(signed.getInput(0).partialSig).toHaveLength(1)
    expect(reply.result).not.toHaveProperty('txid')
  })

  test('error: unknown method -32601, not connected -32002, bad params -32602, rejectAll -32000', async () => {
    const { core, provider } = setup()
    expect(await provider.request('stx_transferStx', {})).toMatchObject({ error: { code: -32601 } })
    expect(await provider.request('signMessage', { address: dev5?.payment.address, message: 'x' })).toMatchObject({ error: { code: -32002 } })
    expect(await provider.request('sendTransfer', { recipients: [] })).toMatchObject({ error: { code: -32602 } })
    expect(await provider.request('signPsbt', { psbt: 'not a psbt' })).toMatchObject({ error: { code: -32602 } })
    core.rejectAll = true
    expect(await provider.request('wallet_connect', null)).toMatchObject({ error: { code: -32000 } })
  })
})
