// The Bitcoin views of issue 30 on a page of their own, for `scripts/screenshots-bitcoin-views.ts`: a small
// stand-in ChainAdapter on bip122 (a payment and an ordinal address, fee rates in sat/vB, a fee of 141 vB at
// the chosen rate) until the BitcoinAdapter and the devnet join the demo. ?view=preview|account|receive&theme=light|dark
import { connectExternal, createPortico, defineNetwork, initialize, openModal, startSend, type ChainAdapter } from '@portico/core'
import { PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const params = new URLSearchParams(location.search)
const regtest = defineNetwork({
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:18443'] } },
})
const PAYMENT = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'
const ORDINAL = 'bcrt1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqjeprhg'
const connector = { id: 'dev.portico.bitcoin', name: 'Bitcoin Test Wallet', type: 'ANNOUNCED' as const, chain: 'bip122' as const }
const result = {
  connectorId: connector.id,
  accounts: [
    { address: PAYMENT, type: 'payment' as const },
    { address: ORDINAL, type: 'ordinal' as const },
  ],
  caipNetworkId: regtest.caipNetworkId,
}
const adapter: ChainAdapter = {
  namespace: 'bip122',
  setup() {},
  watchConnectors: (onChange) => (onChange([connector]), () => {}),
  connect: async () => result,
  reconnect: async () => result,
  disconnect: async () => {},
  switchNetwork: async () => {},
  getBalance: async () => ({ value: '1000000000', decimals: 8, symbol: 'BTC' }),
  getFeeRates: async () => ({ slow: 2, normal: 12, fast: 31 }),
  estimateTransferFee: async ({ feeRate = 1 }) => ({ value: String(feeRate * 141), decimals: 8, symbol: 'BTC' }),
}

const portico = createPortico({ adapters: [adapter], networks: [regtest], themeMode: params.get('theme') === 'light' ? 'light' : 'dark' })
const btc = {
  name: 'Bitcoin',
  symbol: 'BTC',
  chainId: regtest.caipNetworkId,
  value: 600_000,
  price: 60_000,
  quantity: { decimals: '8', numeric: '10' },
  iconUrl: '',
}

await initialize(portico)
await connectExternal(portico, { connectorId: connector.id })
const { byNamespace } = portico.stores.account.getState()
portico.stores.account.setState({
  byNamespace: { ...byNamespace, bip122: { ...byNamespace.bip122!, tokenBalance: [btc], balance: '10', balanceSymbol: 'BTC' } },
})
createRoot(document.getElementById('root')!).render(<PorticoProvider portico={portico}>{null}</PorticoProvider>)

const view = params.get('view')
if (view === 'preview') {
  openModal(portico, { view: 'Account' })
  startSend(portico, { token: btc })
  portico.stores.send.setState({
    sendTokenAmount: '0.1',
    receiverInput: 'bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0',
    receiverAddress: 'bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0',
  })
  portico.stores.router.setState({ view: 'WalletSendPreview', history: ['Account', 'WalletSend', 'WalletSendPreview'] })
} else if (view === 'receive') {
  openModal(portico, { view: 'WalletReceive' })
} else {
  openModal(portico, { view: 'Account' })
}
