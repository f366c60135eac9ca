// A host page with browser wallets only: provider, button, EVM adapter (what `npm run size` measures).
import { createPortico, mainnet } from '@portico/core'
import { EvmAdapter } from '@portico/evm'
import { ConnectButton, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({ adapters: [new EvmAdapter()], networks: [mainnet] })
createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
)
