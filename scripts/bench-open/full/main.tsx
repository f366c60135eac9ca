// A host page with everything the Connect view can show: browser wallets, WalletConnect, email and
// social login, and a Portico server. The server, relay and secure frame are on hosts the harness
// does not serve, so `--external` decides what they do: fail at once (offline) or hang.
import { createPortico, mainnet } from '@portico/core'
import { embeddedWallet } from '@portico/embedded'
import { EvmAdapter } from '@portico/evm'
import { ConnectButton, PorticoProvider } from '@portico/react'
import { walletConnect } from '@portico/walletconnect'
import { createRoot } from 'react-dom/client'

const apiUrl = 'https://api.portico.example'
const metadata = { name: 'open-time probe', description: 'A host page', url: location.origin, icons: [] }
const portico = createPortico({
  adapters: [new EvmAdapter()],
  networks: [mainnet],
  projectId: 'bench',
  apiUrl,
  metadata,
  walletConnect: walletConnect({ relayUrl: 'wss://api.portico.example/relay', projectId: 'bench', metadata }),
  embeddedWallet: embeddedWallet({ frameUrl: 'https://frame.portico.example' }),
  termsConditionsUrl: `${location.origin}/terms`,
  privacyPolicyUrl: `${location.origin}/privacy`,
})
createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
)
