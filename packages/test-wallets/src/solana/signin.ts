/**
 * solana:signIn (Sign In With Solana): connect and sign the standard sign-in message in one approval.
 * The wallet fills in the domain (the page's host) and the address; fields the app leaves out stay out.
 */
import { signBytes, getBase58Decoder } from '@solana/kit'
import { SolanaSignIn, type SolanaSignInFeature, type SolanaSignInInput } from '@solana/wallet-standard-features'
import type { WalletAccount } from '@wallet-standard/base'
import { invalidInput } from './errors'
import type { DevKey } from './keys'
import type { SolanaApprovalRequest, SolanaSignedRecord } from './types'

export interface SignInContext {
  /** The page's host, the default domain. */
  host: string
  currentKey(): DevKey
  walletAccount(key: DevKey): WalletAccount
  approve(feature: string, title: string, details: SolanaApprovalRequest['details'], key: DevKey): Promise<void>
  /** Marks the site approved and connected (emits 'change' if it was not). */
  connected(): void
  record(entry: SolanaSignedRecord): void
}

export function createSignInFeature(ctx: SignInContext): SolanaSignInFeature {
  async function signIn(input: SolanaSignInInput) {
    const key = ctx.currentKey()
    if (input.address !== undefined && input.address !== key.address) {
      throw invalidInput(`solana:signIn asks for ${input.address}, but the wallet's account is ${key.address}.`)
    }
    if (input.useOffchainMessage) throw invalidInput('The Portico Solana Test Wallet signs sign-in messages as text, not as off-chain messages.')
    const text = createSignInMessageText({ ...input, domain: input.domain ?? ctx.host, address: key.address })
    const details = [{ label: 'Message', value: text }]
    if (input.domain && input.domain !== ctx.host)
      details.unshift({ label: 'Warning', value: `The message names ${input.domain}, but the site is ${ctx.host}.` })
    await ctx.approve(SolanaSignIn, `Sign in to ${input.domain ?? ctx.host}`, details, key)
    const signedMessage = new TextEncoder().encode(text)
    const signature = new Uint8Array(await signBytes((await key.keyPair()).privateKey, signedMessage))
    ctx.connected()
    ctx.record({ feature: SolanaSignIn, account: key.address, signature: getBase58Decoder().decode(signature), message: text })
    return { account: ctx.walletAccount(key), signedMessage, signature, signatureType: 'ed25519' as const }
  }

  return {
    [SolanaSignIn]: {
      version: '1.0.0',
      signIn: async (...inputs) => {
        const outputs = []
        for (const input of inputs) outputs.push(await signIn(input))
        return outputs
      },
    },
  }
}

/** The Sign In With Solana message (the ABNF of the Solana Wallet Standard's signIn feature). */
export function createSignInMessageText(input: SolanaSignInInput & { domain: string; address: string }): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) message += `\n\n${input.statement}`
  const fields: string[] = []
  if (input.uri) fields.push(`URI: ${input.uri}`)
  if (input.version) fields.push(`Version: ${input.version}`)
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`)
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`)
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`)
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`)
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`)
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`)
  if (input.resources) fields.push('Resources:', ...input.resources.map((r) => `- ${r}`))
  if (fields.length) message += `\n\n${fields.join('\n')}`
  return message
}
