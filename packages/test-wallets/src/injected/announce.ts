/** EIP-6963 multi-wallet discovery: announce now and whenever a dapp asks. */
import { TEST_WALLET_ICON } from './icon'
import type { TestWalletProvider } from './types'

export interface EIP6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export const TEST_WALLET_RDNS = 'dev.portico.testwallet'
export const TEST_WALLET_NAME = 'Portico Test Wallet'

/** Returns a function that stops answering eip6963:requestProvider. */
export function announceTestWallet(provider: TestWalletProvider, info: Partial<EIP6963ProviderInfo> = {}): () => void {
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: info.uuid ?? uuidV4(),
      name: info.name ?? TEST_WALLET_NAME,
      icon: info.icon ?? TEST_WALLET_ICON,
      rdns: info.rdns ?? TEST_WALLET_RDNS,
    }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}

/** crypto.randomUUID only exists in secure contexts; a LAN http:// dev URL is not one. */
function uuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
