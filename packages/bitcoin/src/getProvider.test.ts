// @vitest-environment node
/**
 * Through core: createPortico with the real BitcoinAdapter and a dev-key wallet on the devnet;
 * `getProvider(portico, 'bip122')` is the active connection's PorticoBitcoinProvider; the receiver
 * field checks addresses against the network (a mainnet address is 'Invalid address' on the devnet).
 */
import { connectExternal, createPortico, defineNetwork, disconnect, getProvider, initialize, memoryStorage, setReceiver } from '@portico/core'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { BitcoinAdapter } from './BitcoinAdapter.js'
import { devWallet } from './test/devWallet.js'

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
}, 60_000)
afterAll(() => devnet?.stop())

test("getProvider(portico, 'bip122'): the connection's PorticoBitcoinProvider; receivers checked per network", async () => {
  const { payment } = BITCOIN_DEV_ACCOUNTS[6]!
  const wallet = devWallet('Dev Wallet', payment)
  const network = defineNetwork({
    id: BITCOIN_DEVNET_CAIP2.slice('bip122:'.length),
    chainNamespace: 'bip122',
    name: 'Bitcoin Devnet',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [devnet.url] } },
  })
  const adapter = new BitcoinAdapter({ discover: (onChange) => (onChange([wallet]), () => {}) })
  const portico = createPortico({ adapters: [adapter], networks: [network], storage: memoryStorage() })
  await initialize(portico)
  expect(getProvider(portico, 'bip122')).toBeUndefined()
  await connectExternal(portico, { connectorId: 'Dev Wallet' })
  expect(portico.stores.account.getState().byNamespace.bip122).toMatchObject({
    address: payment.address,
    caipAddress: `${BITCOIN_DEVNET_CAIP2}:${payment.address}`,
  })
  const provider = getProvider(portico, 'bip122')
  expect(provider).toBe(wallet.provider)
  expect(await provider!.request({ method: 'getAccountAddresses', params: {} })).toEqual([
    { address: payment.address, publicKey: payment.publicKey, intention: 'payment' },
  ])

  await setReceiver(portico, { input: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' })
  expect(portico.stores.send.getState()).toMatchObject({ receiverAddress: undefined, receiverError: { key: 'sendForm.invalidAddress' } })
  await setReceiver(portico, { input: BITCOIN_DEV_ACCOUNTS[7]!.ordinal.address })
  expect(portico.stores.send.getState()).toMatchObject({ receiverAddress: BITCOIN_DEV_ACCOUNTS[7]!.ordinal.address, receiverError: undefined })

  await disconnect(portico)
  expect(getProvider(portico, 'bip122')).toBeUndefined()
  portico.destroy()
})
