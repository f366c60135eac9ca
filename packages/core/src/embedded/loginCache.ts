import type { ChainNamespace } from '../spec/caip.js'
import type { SocialProvider } from '../spec/defaults.js'
import type { PorticoStorage } from '../storage.js'
import { StorageKeys } from '../storage.js'

/**
 * SPEC §3 'Stored in the browser': the embedded wallet's login state under the wallet prefix —
 * login-used flag, email, last chain, social username. Never a key, a share or a token: those
 * stay in the frame's origin.
 */
export interface LoginCache {
  loginUsed: boolean
  email: string | undefined
  lastChain: string | undefined
  socialUsername: string | undefined
  /** SPEC §3 'connected social provider'. */
  connectedSocial: SocialProvider | undefined
}

export function readLoginCache(storage: PorticoStorage): LoginCache {
  return {
    loginUsed: storage.read<boolean>(StorageKeys.wallet.loginUsed, false) === true,
    email: storage.read<string | undefined>(StorageKeys.wallet.email, undefined),
    lastChain: storage.read<string | undefined>(StorageKeys.wallet.lastChain, undefined),
    socialUsername: storage.read<string | undefined>(StorageKeys.wallet.socialUsername, undefined),
    connectedSocial: storage.read<SocialProvider | undefined>(StorageKeys.connectedSocial, undefined),
  }
}

export function writeLoginCache(storage: PorticoStorage, patch: Partial<LoginCache>) {
  if ('loginUsed' in patch) storage.write(StorageKeys.wallet.loginUsed, patch.loginUsed || null)
  if ('email' in patch) storage.write(StorageKeys.wallet.email, patch.email ?? null)
  if ('lastChain' in patch) storage.write(StorageKeys.wallet.lastChain, patch.lastChain ?? null)
  if ('socialUsername' in patch) storage.write(StorageKeys.wallet.socialUsername, patch.socialUsername ?? null)
  if ('connectedSocial' in patch) storage.write(StorageKeys.connectedSocial, patch.connectedSocial ?? null)
}

/** SPEC §4: sign-out and the frame's 'not connected' clear the whole cache. */
export function clearLoginCache(storage: PorticoStorage) {
  writeLoginCache(storage, { loginUsed: false, email: undefined, lastChain: undefined, socialUsername: undefined, connectedSocial: undefined })
}

const MAX_EMAIL_DISPLAY = 30

/**
 * SPEC §5 'Display and filtering': an email longer than 30 characters is shortened to its first
 * part (before the @) plus an ellipsis; a Discord username ending in 0 drops the last character
 * (the old '#0' discriminator).
 */
export function loginDisplayName({ email, socialUsername, connectedSocial }: Partial<LoginCache>): string | undefined {
  if (socialUsername) {
    return connectedSocial === 'discord' && socialUsername.endsWith('0') ? socialUsername.slice(0, -1) : socialUsername
  }
  if (!email) return undefined
  return email.length > MAX_EMAIL_DISPLAY ? `${email.split('@')[0]}…` : email
}

/** The preferred account type stored per namespace (SPEC §3 'preferred account types'). */
export function readPreferredAccountTypes(storage: PorticoStorage) {
  return storage.read<Partial<Record<ChainNamespace, string>>>(StorageKeys.preferredAccountTypes, {})
}

export function writePreferredAccountType(storage: PorticoStorage, namespace: ChainNamespace, type: string) {
  storage.write(StorageKeys.preferredAccountTypes, { ...readPreferredAccountTypes(storage), [namespace]: type })
}
