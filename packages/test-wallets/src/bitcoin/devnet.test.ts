// @vitest-environment node
/**
 * The test wallet against the real Bitcoin devnet (bcoin regtest behind the Esplora API): its dev
 * keys are the devnet's funded accounts, a sats-connect sendTransfer lands, a Wallet Standard
 * signAndSendTransaction of a PSBT built from the payment UTXOs is mined.
 */
import { BITCOIN_DEV_ACCOUNTS } from '@portico/devnet/bitcoin-constants'
import { type BitcoinDevnet, startBitcoinDevnet } from '@portico/devnet/bitcoin'
import { Transaction } from '@scure/btc-signer'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fetchUtxos } from './esplora'
import { bitcoinDevAccount } from './keys'
import { REGTEST } from './network'
import { createBitcoinTestWallet } from './wallet'

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true })
}, 90_000)
afterAll(async () => {
  await devnet?.stop()
}, 30_000)

test("the dev keys are the devnet's accounts", () => {
  for (let i = 0; i < 10; i++) {
    expect(bitcoinDevAccount(i).payment.address).toBe(BITCOIN_DEV_ACCOUNTS[i]!.payment.address)
    expect(bitcoinDevAccount(i).ordinal.address).toBe(BITCOIN_DEV_ACCOUNTS[i]!.ordinal.address)
  }
})

test('sats-connect sendTransfer and Wallet Standard signAndSendTransaction broadcast to the devnet', async () => {
  const handle = createBitcoinTestWallet({ url: devnet.url, accountIndex: 1, autoApprove: true })
  const to = bitcoinDevAccount(6).payment.address
  await handle.satsConnect.request('getAddresses', { purposes: ['payment'] })
  const sent = (await handle.satsConnect.request('sendTransfer', { recipients: [{ address: to, amount: 10_000_000 }] })) as {
    result?: { txid: string }
    error?: unknown
  }
  expect(sent.error).toBeUndefined()
  await devnet.mine(1)
  const received = (await fetchUtxos(devnet.url, to)).filter((u) => u.txid === sent.result!.txid)
  expect(received.map((u) => u.value)).toEqual([10_000_000])

  const from = bitcoinDevAccount(1).payment
  const [utxo] = (await fetchUtxos(devnet.url, from.address)).filter((u) => u.status.confirmed)
  const tx = new Transaction()
  tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: from.script, amount: BigInt(utxo!.value) } })
  tx.addOutputAddress(to, 5_000n * 100n, REGTEST)
  tx.addOutputAddress(from.address, BigInt(utxo!.value) - 500_000n - 2_000n, REGTEST)
  const f = handle.wallet.features as Record<string, Record<string, (...a: any[]) => Promise<any>>>
  const [account] = handle.wallet.accounts
  const [{ txId }] = await f['bitcoin:signAndSendTransaction']!.signAndSendTransaction!({
    psbt: tx.toPSBT(),
    inputsToSign: [{ account, signingIndexes: [0], sigHash: 'ALL' }],
    chain: 'bitcoin:regtest',
  })
  await devnet.mine(1)
  expect((await fetchUtxos(devnet.url, to)).some((u) => u.txid === txId && u.value === 500_000 && u.status.confirmed)).toBe(true)
}, 60_000)
