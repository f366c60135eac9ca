'use client'

import { ConnectButton } from '@portico/react'
import { useConnection } from 'wagmi'

/** Portico's button and one wagmi hook (`useConnection` is wagmi 3's `useAccount`). */
export function Wallet() {
  const { address, status } = useConnection()
  return (
    <section aria-label="Wallet">
      <ConnectButton />
      <dl>
        <dt>wagmi status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
      </dl>
    </section>
  )
}
