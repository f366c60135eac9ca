import { formatUnits } from 'viem'
import { useBalance, useConnection, useDisconnect } from 'wagmi'

/** What wagmi knows about the connection Portico made (`useConnection` is wagmi 3's `useAccount`). */
export function Account() {
  const { address, chain, chainId, connector, status } = useConnection()
  const balance = useBalance({ address })
  const disconnect = useDisconnect()
  return (
    <section aria-label="Account">
      <h2>Account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{chainId ? `${chain?.name ?? 'unknown chain'} (${chainId})` : '—'}</dd>
        <dt>Connector</dt>
        <dd data-testid="wagmi-connector">{connector?.name ?? '—'}</dd>
        <dt>Balance</dt>
        <dd data-testid="wagmi-balance">{balance.data ? `${formatUnits(balance.data.value, balance.data.decimals)} ${balance.data.symbol}` : '—'}</dd>
      </dl>
      {status === 'connected' && (
        <button type="button" data-testid="wagmi-disconnect" onClick={() => disconnect.mutate()}>
          Disconnect
        </button>
      )}
    </section>
  )
}
