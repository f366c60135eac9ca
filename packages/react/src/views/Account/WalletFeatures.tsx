import { getWalletFeatures, openWalletFeature, type WalletFeature } from '@portico/core'
import type { ReactNode } from 'react'
import { ArrowDownIcon, ArrowUpIcon, CardIcon, SwapIcon } from '../../components/icons.js'
import { usePortico, usePorticoStore } from '../../context.js'

const LABELS: Record<WalletFeature, { label: string; icon: ReactNode }> = {
  onramp: { label: 'Buy', icon: <CardIcon /> },
  swaps: { label: 'Swap', icon: <SwapIcon /> },
  receive: { label: 'Receive', icon: <ArrowDownIcon /> },
  send: { label: 'Send', icon: <ArrowUpIcon /> },
}

/** SPEC §9 'Wallet feature order': onramp, swaps, receive, send, each only when enabled. */
export function WalletFeatures() {
  const portico = usePortico()
  // Re-render when the project config (remote features) arrives.
  usePorticoStore('project', (s) => s.remoteFeatures)
  const features = getWalletFeatures(portico)
  if (features.length === 0) return null
  return (
    <div className="features" data-testid="wallet-features">
      {features.map((feature) => (
        <button type="button" key={feature} className="feature" data-testid={`feature-${feature}`} onClick={() => openWalletFeature(portico, feature)}>
          {LABELS[feature].icon}
          {LABELS[feature].label}
        </button>
      ))}
    </div>
  )
}
