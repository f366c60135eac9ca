import { getWalletFeatures, push, startSend, startSwap, type WalletFeature } from '@portico/core'
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
  const open = (feature: WalletFeature) => {
    if (feature === 'send') startSend(portico)
    else if (feature === 'swaps') void startSwap(portico)
    else push(portico.stores.router, feature === 'receive' ? 'WalletReceive' : 'OnRampTokenSelect')
  }
  return (
    <div className="features" data-testid="wallet-features">
      {features.map((feature) => (
        <button type="button" key={feature} className="feature" data-testid={`feature-${feature}`} onClick={() => open(feature)}>
          {LABELS[feature].icon}
          {LABELS[feature].label}
        </button>
      ))}
    </div>
  )
}
