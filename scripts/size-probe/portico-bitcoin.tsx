// A host page with Bitcoin configured: the EVM page plus the Bitcoin adapter and a Bitcoin network.
import { bitcoin, createPortico, mainnet } from '@portico/core'
import { BitcoinAdapter } from '@portico/bitcoin'
import { EvmAdapter } from '@portico/evm'
import { ConnectButton, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({ adapters: [new EvmAdapter(), new BitcoinAdapter()], networks: [mainnet, bitcoin] })
createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
)
