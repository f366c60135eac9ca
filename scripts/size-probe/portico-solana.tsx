// A host page with Solana configured: the EVM page plus the Solana adapter and a Solana network.
import { createPortico, mainnet, solana } from '@portico/core'
import { EvmAdapter } from '@portico/evm'
import { ConnectButton, PorticoProvider } from '@portico/react'
import { SolanaAdapter } from '@portico/solana'
import { createRoot } from 'react-dom/client'

const portico = createPortico({ adapters: [new EvmAdapter(), new SolanaAdapter()], networks: [mainnet, solana] })
createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
)
