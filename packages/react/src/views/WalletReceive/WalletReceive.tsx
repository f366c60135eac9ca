import { shortenAddress, type AccountType } from '@portico/core'
import { useState } from 'react'
import { RadioGroup } from '../../components/RadioGroup.js'
import { CopyButton } from '../../components/CopyButton.js'
import { NetworkImage } from '../../components/NetworkImage.js'
import { QrCode } from '../../components/QrCode.js'
import { usePorticoStore } from '../../context.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { useAccountTypes } from '../../hooks/useAccountTypes.js'
import { AccountTypeLabels } from '../../components/accountTypeLabels.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const css = `
.receive{display:flex;flex-direction:column;align-items:center;gap:14px;padding:4px 0 4px}
.receive>.radio-group{align-self:stretch}
.qr{border-radius:var(--portico-radius-xl);display:block}
.qr-frame{padding:10px;border-radius:calc(var(--portico-radius-xl) + 6px);background:#fff}
.receive-address{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:var(--portico-font-size-xs);color:var(--portico-color-fg-150);
  word-break:break-all;text-align:center;margin:0}
.receive-networks{display:flex;flex-wrap:wrap;justify-content:center;gap:6px;list-style:none;margin:0;padding:0}
.receive-networks li{display:inline-flex;align-items:center;gap:6px;padding:4px 10px 4px 4px;border-radius:var(--portico-radius-3xl);
  background:var(--portico-color-bg-150);font-size:var(--portico-font-size-xs);font-weight:600}
`

/**
 * Receive: the address as a QR code, copy, and the configured networks of this chain family it works on.
 * Where the wallet has addresses of several types (Bitcoin), the default type's (payment) is shown first,
 * and the others can be chosen (an ordinal address, to receive inscriptions).
 */
export default function WalletReceive() {
  const { address: inUse, namespace } = usePorticoAccount()
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const types = useAccountTypes()
  const [chosen, setChosen] = useState<AccountType>()
  const { t } = useI18n()
  const type = chosen ?? types?.defaultType
  const address = types?.accounts.find((a) => a.type === type)?.address ?? inUse
  if (!address) return null
  const sameFamily = networks.filter((n) => n.chainNamespace === namespace)
  return (
    <div className="receive" data-testid="wallet-receive">
      <Sheet css={css} />
      {types && (
        <RadioGroup
          label={t('account.addressType')}
          value={type}
          onChange={setChosen}
          testId="receive-address-types"
          options={types.accounts.map(({ type }) => ({ value: type, testId: `receive-type-${type}`, children: t(AccountTypeLabels[type]) }))}
        />
      )}
      <div className="qr-frame">
        <QrCode value={address} label={t('receive.qrLabel', { address })} testId="receive-qr" />
      </div>
      <p className="receive-address" data-testid="receive-address">
        {address}
      </p>
      <CopyButton text={address} label={t('receive.copy', { address: shortenAddress(address) })} testId="receive-copy" />
      <p className="text">{t('receive.help')}</p>
      <ul className="receive-networks" aria-label={t('common.networks')} data-testid="receive-networks">
        {sameFamily.map((network) => (
          <li key={network.caipNetworkId}>
            <NetworkImage network={network} size={20} />
            {network.name}
          </li>
        ))}
      </ul>
    </div>
  )
}
