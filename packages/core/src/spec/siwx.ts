import { parseCaipNetworkId, type CaipNetworkId } from './caip.js'

/** SPEC §3 'SIWX session message'. */
export interface SIWXMessageData {
  accountAddress: string
  chainId: CaipNetworkId
  domain: string
  uri: string
  version: string
  nonce: string
  notBefore?: string
  statement?: string
  resources?: string[]
  requestId?: string
  issuedAt: string
  expirationTime?: string
}

const ACCOUNT_NAMES: Record<string, string> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin', polkadot: 'Polkadot', cosmos: 'Cosmos' }

/**
 * The text the wallet signs: EIP-4361 for eip155 (numeric chain id), CAIP-122 for the other
 * chain families. Client and server build it with this one function, so the server can check
 * that the signed text is exactly the one its data describes.
 */
export function formatSiwxMessage(data: SIWXMessageData): string {
  const { namespace, reference } = parseCaipNetworkId(data.chainId)
  const lines = [`${data.domain} wants you to sign in with your ${ACCOUNT_NAMES[namespace] ?? namespace} account:`, data.accountAddress, '']
  if (data.statement) lines.push(data.statement, '')
  lines.push(
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${namespace === 'eip155' ? reference : data.chainId}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  )
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/** SIWE nonces: at least 8 alphanumeric characters, from a cryptographic source. */
export function newSiwxNonce(randomUUID: () => string = () => globalThis.crypto.randomUUID()): string {
  return randomUUID().replaceAll('-', '')
}
