// A Solana dapp as dapps are written today: @solana/wallet-adapter-react, which finds wallets
// through the Wallet Standard. It knows nothing of Portico; the embedded wallet is one of the
// wallets it sees once the visitor signed in with email or a social account in Portico's modal.
// Loaded only when the page asks for it (?solanaDapp), so the demo's first load does not carry it.
import { ConnectionProvider, useWallet, WalletProvider } from '@solana/wallet-adapter-react'
import { useState } from 'react'

function Panel() {
  const { wallets, select, wallet, connect, connected, publicKey } = useWallet()
  const [result, setResult] = useState<string>()
  const run = async () => {
    try {
      if (!connected) await connect()
      // The adapter itself: the hook's signMessage of this render predates the connection.
      const adapter = wallet!.adapter as unknown as { signMessage(message: Uint8Array): Promise<Uint8Array> }
      const signature = await adapter.signMessage(new TextEncoder().encode('Signed by a Solana dapp'))
      setResult(Array.from(signature).join(','))
    } catch (error) {
      setResult(`error: ${(error as Error).message}`)
    }
  }
  return (
    <section className="card" data-testid="solana-dapp">
      <h2>A Solana dapp (wallet adapter)</h2>
      <p data-testid="solana-dapp-wallets">{wallets.map((w) => w.adapter.name).join(', ') || 'No wallets'}</p>
      <p>
        {wallets.map((w) => (
          <button type="button" key={w.adapter.name} onClick={() => select(w.adapter.name)} data-testid={`solana-dapp-select-${w.adapter.name}`}>
            Use {w.adapter.name}
          </button>
        ))}
      </p>
      <p data-testid="solana-dapp-account">{connected ? publicKey?.toBase58() : wallet ? `${wallet.adapter.name} selected` : 'Not connected'}</p>
      <button type="button" onClick={() => void run()} disabled={!wallet} data-testid="solana-dapp-sign">
        Sign a message
      </button>
      {result && <pre data-testid="solana-dapp-result">{result}</pre>}
    </section>
  )
}

export default function SolanaDapp({ endpoint }: { endpoint: string }) {
  return (
    <ConnectionProvider endpoint={endpoint}>
      <WalletProvider wallets={[]} autoConnect={false}>
        <Panel />
      </WalletProvider>
    </ConnectionProvider>
  )
}
