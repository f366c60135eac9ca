import { createPortico, serverSiwx } from '@portico/core'
import { Locales, type Locale } from '@portico/core/i18n'
import { coinbaseWallet, EvmAdapter } from '@portico/evm'
import { SolanaAdapter } from '@portico/solana'
import { BitcoinAdapter } from '@portico/bitcoin'
import { walletConnect } from '@portico/walletconnect'
import { embeddedWallet } from '@portico/embedded'
import { PorticoProvider } from '@portico/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { bitcoinLocalNetwork, devnetNetworks, solanaLocalNetwork } from './networks.js'
import { loadTestWallet } from './testWallet.js'

const params = new URLSearchParams(location.search)
const themeMode = params.get('theme') === 'light' ? 'light' : 'dark'
// ?siwx=required|optional turns on wallet sign-in through the server; ?emailCapture=on asks for an email first.
const siwxParam = params.get('siwx')
const siwx = siwxParam === 'required' || siwxParam === 'optional' ? serverSiwx({ required: siwxParam === 'required' }) : undefined
const emailCapture = params.get('emailCapture') === 'on'
// ?networks=evm: the EVM chains only (WalletConnect then signs in with the connect approval: SPEC §4 one-click auth).
const evmOnly = params.get('networks') === 'evm'
// ?legalCheckbox=on: the terms must be ticked before a wallet connects; ?collapseWallets=on: the wallets behind one entry.
const features = { legalCheckbox: params.get('legalCheckbox') === 'on', collapseWallets: params.get('collapseWallets') === 'on' }
// ?locale=ar (or es, zh-CN, ja, ko, fr, de, pt) shows the modal in that language; an unknown one stays English here.
const localeParam = params.get('locale')
const locale = Locales.find((l) => l === localeParam) as Locale | undefined

// The test wallet announces itself before Portico starts listening, like an extension would.
const testWallet = await loadTestWallet()

const env = (import.meta as unknown as { env: Record<string, string | undefined> }).env
// The self-hosted Portico server that `npm start` runs; a build can point elsewhere.
const apiUrl = env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:8787'
// The embedded wallet's secure origin (the server prints it); email and social login load it on first use.
const frameUrl = env.VITE_PORTICO_FRAME_URL ?? env.VITE_PORTICO_SECURE_FRAME_URL ?? 'http://127.0.0.1:8788'
const metadata = {
  name: 'Portico Demo',
  description: 'A host website that embeds Portico',
  url: location.origin,
  icons: [`${location.origin}/favicon.svg`],
}

// ?coinbase=on adds the Coinbase Wallet entry (its extension, else the Smart Wallet popup); ?coinbaseKeysUrl=
// points its popup elsewhere (the journeys' Coinbase Smart Wallet stand-in; validated: https or this machine).
const coinbaseKeysUrl = params.get('coinbaseKeysUrl')
const coinbase =
  coinbaseKeysUrl || params.get('coinbase') === 'on'
    ? coinbaseWallet({ appName: 'Portico Demo', ...(coinbaseKeysUrl ? { keysUrl: coinbaseKeysUrl } : {}) })
    : undefined

const portico = createPortico({
  // EVM, Solana and Bitcoin side by side: the local EVM chains first (the default network), then the local Solana
  // chain, then the local Bitcoin chain.
  adapters: [new EvmAdapter({ coinbaseWallet: coinbase }), new SolanaAdapter(), new BitcoinAdapter()],
  networks: evmOnly ? devnetNetworks : [...devnetNetworks, solanaLocalNetwork, bitcoinLocalNetwork],
  // ?projectId= lets a developer (and the journeys) try another project of the local server.
  projectId: params.get('projectId') ?? 'portico-dev',
  apiUrl,
  metadata,
  // Pairing through Portico's own relay on the same server.
  walletConnect: walletConnect({
    // ?relay= points the pairing at another relay (a journey restarts its own).
    relayUrl: params.get('relay') ?? `${apiUrl.replace(/^http/, 'ws')}/relay`,
  }),
  embeddedWallet: embeddedWallet({ frameUrl }),
  termsConditionsUrl: `${location.origin}/terms`,
  privacyPolicyUrl: `${location.origin}/privacy`,
  themeMode,
  ...(locale ? { locale } : {}),
  debug: params.has('debug'),
  ...(siwx ? { siwx } : {}),
  // Email capture asks on sign-in (SPEC §4), so it needs ?siwx= too.
  ...(emailCapture && siwx ? { remoteFeatures: { emailCapture: true } } : {}),
  features,
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider portico={portico}>
      <App testWallet={testWallet} />
    </PorticoProvider>
  </StrictMode>,
)
