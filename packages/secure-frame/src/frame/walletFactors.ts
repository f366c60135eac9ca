import { WRAP_AAD, factorKeys, factorProof, fromB64url, openRelease, passwordSecret, unwrap, type PasswordKdf } from '../custody.js'
import type { Api } from './api.js'
import { FactorCancelled, type Factor } from './factorScreens.js'
import type { FrameStorage } from './storage.js'

/**
 * The user-held factors (a passkey, a recovery password) as the wallet (wallet.ts) uses them: the proof of a
 * factor the server checks, and a new device's recovery, which a protected wallet opens only with one.
 */

export interface FactorInfo extends Factor {
  createdAt: string
  lastUsedAt: string | null
  kdf?: PasswordKdf
}
export interface FactorsResult {
  protected: boolean
  factors: FactorInfo[]
}

/** What the server says of the wallet's recovery material. */
export interface RecoveryInfo {
  available: boolean
  protected: boolean
  factors: Array<Factor & { kdf?: PasswordKdf }>
  reason?: string
}

/** What the wallet asks of the user, drawn by the frame's own screens (factorScreens.ts). */
export interface FactorPrompts {
  /** A new device of a protected wallet: the user's passkey or password; `attempt` checks it. */
  use(purpose: 'unlock' | 'verify', factors: Factor[], attempt: (factor: Factor, secret: Uint8Array | { password: string }) => Promise<void>): Promise<void>
  addPasskey(userName: string, salt: Uint8Array, save: (credentialId: string, secret: Uint8Array) => Promise<void>): Promise<void>
  addPassword(save: (password: string) => Promise<void>): Promise<void>
}

/** A protected wallet on a new device, and the user did not (or could not) use the factor. */
export class FactorRequired extends Error {}

/** A factor's secret for the server's check: the PRF output, or scrypt of the password. */
export async function secretOf(factor: Factor & { kdf?: PasswordKdf }, secret: Uint8Array | { password: string }) {
  if (secret instanceof Uint8Array) return secret
  if (!factor.kdf) throw new Error('This password cannot be checked here')
  return passwordSecret(secret.password, factor.kdf)
}

/** A proof of the factor over a fresh server challenge, bound to this device's key. */
export async function factorProofFor(api: Api, storage: FrameStorage, factor: Factor, secret: Uint8Array) {
  const { challenge } = await api.call<{ challenge: string }>('/auth/challenge', { body: { purpose: 'factor' }, auth: true })
  const { authKey } = factorKeys(secret)
  return { id: factor.id, challenge, proof: factorProof(authKey, factor.id, challenge, storage.device.jkt) }
}

/**
 * A new device's recovery pair: the recovery material, released once to this device's key (a protected wallet's
 * after the user's passkey or password), opened here; a protected wallet's first half unwrapped by its factor.
 */
export async function openRecovery(wallet: { api: Api; storage: FrameStorage; prompts: FactorPrompts }, recovery: RecoveryInfo): Promise<[string, string]> {
  const { api, storage, prompts } = wallet
  let sealed: string | undefined
  let wrapKey: Uint8Array | undefined
  if (recovery.protected) {
    const factors = recovery.factors
    try {
      await prompts.use('unlock', factors, async (factor, given) => {
        const secret = await secretOf(factor, given)
        const body = { factor: await factorProofFor(api, storage, factor, secret) }
        sealed = (await api.call<{ recovery: string }>('/auth/wallet/recover', { body, auth: true })).recovery
        wrapKey = factorKeys(secret).wrapKey
      })
    } catch (error) {
      if (error instanceof FactorCancelled)
        throw new FactorRequired(
          `This wallet is protected by ${factors.some((f) => f.kind === 'passkey') ? 'a passkey' : 'a password'}. Without it, this device cannot open the wallet: your email alone is not enough.`,
        )
      throw error
    }
  } else {
    sealed = (await api.call<{ recovery: string }>('/auth/wallet/recover', { body: {}, auth: true })).recovery
  }
  const opened = JSON.parse(await openRelease(storage.device, sealed!, `recovery:${storage.deviceId}`)) as {
    protected: boolean
    shares: [string, string]
    wrappedKey?: string
  }
  const shares: [string, string] = [...opened.shares]
  if (opened.protected) {
    if (!wrapKey || !opened.wrappedKey) throw new Error('The recovery material is incomplete')
    const recoveryKey = fromB64url(await unwrap(wrapKey, opened.wrappedKey, WRAP_AAD.recoveryKey))
    shares[0] = await unwrap(recoveryKey, shares[0], WRAP_AAD.recoveryShare)
  }
  return shares
}
