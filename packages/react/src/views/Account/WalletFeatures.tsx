import { getWalletFeatures, openWalletFeature, type WalletFeature } from '@portico/core'
import type { ReactNode } from 'react'
import { ArrowDownIcon, ArrowUpIcon, CardIcon, SwapIcon } from '../../components/icons.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'
import type { MessageKey } from '@portico/core/i18n'

const LABELS: Record<WalletFeature, { label: MessageKey; icon: ReactNode }> = {
  onramp: { label: 'feature.onramp', icon: <CardIcon /> },
  swaps: { label: 'feature.swaps', icon: <SwapIcon /> },
  receive: { label: 'feature.receive', icon: <ArrowDownIcon /> },
  send: { label: 'feature.send', icon: <ArrowUpIcon /> },
}

/** SPEC §9 'Wallet feature order': onramp, swaps, receive, send, each only when enabled. */
export function WalletFeatures() {
  const portico = usePortico()
  const { t } = useI18n()
  // Re-render when the project config (remote features) arrives.
  usePorticoStore('project', (s) => s.remoteFeatures)
  const features = getWalletFeatures(portico)
  if (features.length === 0) return null
  return (
    <div className="features" data-testid="wallet-features">
      {features.map((feature) => (
        <button type="button" key={feature} className="feature" data-testid={`feature-${feature}`} onClick={() => openWalletFeature(portico, { feature })}>
          {LABELS[feature].icon}
          {t(LABELS[feature].label)}
        </button>
      ))}
    </div>
  )
}
