/**
 * The Docs Bitcoin Wallet (development only): a Bitcoin wallet written from the Wallet Standard's and
 * sats-connect's public documentation alone, to check that Portico works with a wallet it was not written
 * against. '@portico/test-wallets/bitcoin-docs'.
 */
export { signBip322Simple, bip322MessageHash } from './bip322'
export { createDocsBitcoinWallet } from './docsWallet'
export type { DocsBitcoinWallet, DocsBitcoinWalletOptions, MessageProtocol } from './docsWallet'
export { signLegacyMessage, legacyMessageHash } from './ecdsaMessage'
export { DocsWalletError } from './errors'
export { DOCS_WALLET_ICON, DOCS_WALLET_NAME } from './icon'
export { deriveDocsAccount, DOCS_DEFAULT_ACCOUNT_INDEX } from './keys'
export type { DocsAccount, DocsKey } from './keys'
export { DOCS_SATS_CONNECT_PROVIDER_ID, registerDocsBitcoinWallet } from './register'
export { createDocsSatsConnectProvider } from './satsConnectProvider'
export type { DocsSatsConnectProvider } from './satsConnectProvider'
export { createDocsStandardWallet } from './standardWallet'
export type { DocsStandardWallet } from './standardWallet'
