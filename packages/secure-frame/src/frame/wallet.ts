import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import {
  WRAP_AAD,
  factorKeys,
  fromB64url,
  keyProofMessage,
  newPasswordKdf,
  openRelease,
  passwordSecret,
  randomSalt,
  recoveryKey,
  toB64url,
  wrap,
} from '../custody.js'
import { evmPrivateKey } from '../families/eip155.js'
import { combinePair, deriveKeys, newEntropy, secretHash, splitPair, type DerivedKeys, type KeyFamilies } from '../keys.js'
import { ApiError, createApi, type Api, type Tokens } from './api.js'
import type { FrameStorage } from './storage.js'
import { FactorRequired, factorProofFor, openRecovery, secretOf, type FactorPrompts, type FactorsResult, type RecoveryInfo } from './walletFactors.js'

export interface Unlocked {
  keys: DerivedKeys
  /** The eip155 key's account: the wallet's key proofs to the server are its signatures. */
  account: PrivateKeyAccount
  /** The wallet secret (kept in memory while unlocked, like the keys it gives). */
  entropy: Uint8Array
}

export interface UserInfo {
  email: string | null
  userName?: string
  socialProvider?: string
  preferredAccountType: 'eoa' | 'smartAccount'
  protected?: boolean
}

interface WalletMaterial {
  wallet: null | { secretHash: string; addresses: Record<string, string>; authShare?: string; recovery?: RecoveryInfo }
}

/**
 * The frame's session and keys. The secret is rebuilt only here: from the device share (this
 * origin's IndexedDB) and the server's share for this device, both released to this device's
 * key only; on a new device from the recovery material, which a protected wallet also needs the
 * user's passkey or password for. It is never posted to the host.
 */
export class FrameWallet {
  readonly api: Api
  private unlocked: Unlocked | undefined
  user: UserInfo | undefined

  constructor(
    private readonly storage: FrameStorage,
    opts: { apiUrl: string; projectId: string },
    private readonly prompts: FactorPrompts,
    /** The chain families whose keys the wallet derives (rpc/index.ts). */
    private readonly families: KeyFamilies,
  ) {
    this.api = createApi({
      apiUrl: opts.apiUrl,
      projectId: opts.projectId,
      device: storage.device,
      onTokens: (tokens) => void (tokens ? storage.setSecret('session', { refreshToken: tokens.refreshToken }) : this.forget()),
    })
  }

  get deviceId() {
    return this.storage.deviceId
  }

  get connected() {
    return Boolean(this.unlocked && this.user)
  }

  get keys(): Unlocked | undefined {
    return this.unlocked
  }

  /** At load: the stored refresh token, if any, signs the frame back in (never asks the user). */
  async restore(): Promise<boolean> {
    const stored = await this.storage.getSecret<{ refreshToken: string }>('session')
    if (!stored) return false
    this.api.setTokens({ accessToken: '', refreshToken: stored.refreshToken, expiresIn: 0 })
    try {
      await this.unlock(false)
      return true
    } catch (error) {
      if ((error instanceof ApiError && error.status === 401) || error instanceof FactorRequired) await this.forget()
      return false
    }
  }

  /**
   * A login finished: keep the session and rebuild (or create) the keys. A device that cannot
   * open the wallet (a protected wallet without its factor) is signed out again.
   */
  async signedIn(tokens: Tokens) {
    this.api.setTokens(tokens)
    await this.storage.setSecret('session', { refreshToken: tokens.refreshToken })
    try {
      await this.unlock(true)
    } catch (error) {
      await this.signOut()
      throw error
    }
  }

  private setUnlocked(entropy: Uint8Array, keys: DerivedKeys) {
    this.unlocked = { keys, entropy, account: privateKeyToAccount(evmPrivateKey(keys)) }
  }

  private async unlock(interactive: boolean) {
    const material = await this.api.call<WalletMaterial>('/auth/wallet', { auth: true })
    const wallet = material.wallet
    if (!wallet) {
      // First sign-in: the keys are made here. One 2-of-2 for this device, one for recovery.
      const entropy = newEntropy()
      const keys = deriveKeys(entropy, this.families)
      const [deviceShare, authShare] = await splitPair(entropy)
      const recoveryShares = await splitPair(entropy)
      const hash = secretHash(entropy)
      await this.api.call('/auth/wallet', { body: { secretHash: hash, addresses: keys.addresses, authShare, recoveryShares }, auth: true })
      await this.storage.setSecret(`share:${hash}`, deviceShare)
      this.setUnlocked(entropy, keys)
    } else {
      const deviceShare = await this.storage.getSecret<string>(`share:${wallet.secretHash}`)
      if (wallet.authShare && deviceShare) {
        const authShare = await openRelease(this.storage.device, wallet.authShare, `auth-share:${this.deviceId}`)
        const { entropy, keys } = await combinePair([deviceShare, authShare], wallet, this.families)
        this.setUnlocked(entropy, keys)
      } else if (wallet.recovery?.available && interactive) {
        await this.recover({ ...wallet, recovery: wallet.recovery })
      } else if (wallet.recovery?.available) {
        throw new FactorRequired('This device needs to sign in again')
      } else {
        throw new Error(wallet.recovery?.reason ?? 'This device is not approved for this wallet. Sign in again with your email')
      }
    }
    this.user = await this.api.call<UserInfo>('/auth/me', { auth: true })
  }

  /** A new device: the recovery material (released once, to this device's key), then its own 2-of-2. */
  private async recover(wallet: { secretHash: string; addresses: Record<string, string>; recovery: RecoveryInfo }) {
    const shares = await openRecovery({ api: this.api, storage: this.storage, prompts: this.prompts }, wallet.recovery)
    const { entropy, keys } = await combinePair(shares, wallet, this.families)
    const [newDeviceShare, authShare] = await splitPair(entropy)
    this.setUnlocked(entropy, keys)
    await this.storage.setSecret(`share:${wallet.secretHash}`, newDeviceShare)
    await this.api.call('/auth/wallet/device-share', { body: { authShare, keyProof: await this.keyProof('device-share') }, auth: true })
  }

  /** A signature by the wallet key over a fresh server challenge: this frame holds the key. */
  private async keyProof(purpose: string) {
    const unlocked = this.unlocked
    if (!unlocked) throw new ApiError('Not signed in', 401)
    const { challenge } = await this.api.call<{ challenge: string }>('/auth/challenge', { body: { purpose: 'key' }, auth: true })
    const signature = await unlocked.account.signMessage({ message: keyProofMessage(purpose, challenge, this.storage.device.jkt) })
    return { challenge, signature }
  }

  async factors(): Promise<FactorsResult> {
    return this.api.call<FactorsResult>('/auth/factors', { auth: true })
  }

  /**
   * Adds a passkey or a password. The recovery key (from the secret) is wrapped under the
   * factor's wrap key; the first factor also replaces the server-held recovery pair with a new
   * split whose first half is wrapped under the recovery key.
   */
  async addFactor(kind: 'passkey' | 'password'): Promise<FactorsResult> {
    const unlocked = this.unlocked
    if (!unlocked) throw new ApiError('Not signed in', 401)
    let result: FactorsResult | undefined
    const save = async (secret: Uint8Array, fields: Record<string, unknown>) => {
      const { authKey, wrapKey } = factorKeys(secret)
      const recovery = recoveryKey(unlocked.entropy)
      const current = await this.factors()
      let split: { wrappedShare: string; serverShare: string } | undefined
      if (!current.protected) {
        const [first, second] = await splitPair(unlocked.entropy)
        split = { wrappedShare: await wrap(recovery, first, WRAP_AAD.recoveryShare), serverShare: second }
      }
      result = await this.api.call<FactorsResult>('/auth/factors', {
        body: {
          kind,
          ...fields,
          authKey: toB64url(authKey),
          wrappedKey: await wrap(wrapKey, toB64url(recovery), WRAP_AAD.recoveryKey),
          ...(split ? { recovery: split } : {}),
          keyProof: await this.keyProof('add-factor'),
        },
        auth: true,
      })
    }
    if (kind === 'passkey') {
      const salt = fromB64url(randomSalt())
      const name = this.user?.email ?? this.user?.userName ?? 'Portico wallet'
      await this.prompts.addPasskey(name, salt, (credentialId, secret) => save(secret, { credentialId, prfSalt: toB64url(salt) }))
    } else {
      await this.prompts.addPassword(async (password) => {
        const kdf = newPasswordKdf()
        await save(await passwordSecret(password, kdf), { kdf })
      })
    }
    if (this.user) this.user.protected = true
    return result!
  }

  /** A fresh factor proof (the server marks this session for the next minutes). */
  async verifyFactor(): Promise<void> {
    const { factors } = await this.factors()
    if (!factors.length) return
    await this.prompts.use('verify', factors, async (factor, given) => {
      const secret = await secretOf(factor, given)
      await this.api.call('/auth/factors/verify', { body: { factor: await factorProofFor(this.api, this.storage, factor, secret) }, auth: true })
    })
  }

  /** Removes a factor after a fresh proof; the last one hands the recovery back to the server-held pair. */
  async removeFactor(id: string): Promise<FactorsResult> {
    const unlocked = this.unlocked
    if (!unlocked) throw new ApiError('Not signed in', 401)
    const current = await this.factors()
    if (!current.factors.some((f) => f.id === id)) throw new Error('Unknown factor')
    await this.verifyFactor()
    const last = current.factors.length === 1
    const body = { id, keyProof: await this.keyProof('remove-factor'), ...(last ? { recovery: await splitPair(unlocked.entropy) } : {}) }
    const result = await this.api.call<FactorsResult>('/auth/factors/remove', { body, auth: true })
    if (this.user) this.user.protected = result.protected
    return result
  }

  async signOut() {
    try {
      if (this.api.refreshToken) await this.api.call('/auth/session/signout', { body: {}, auth: true })
    } catch {
      // signed out locally regardless
    }
    await this.forget()
  }

  /** Drops the session and the keys from memory; the device share stays for the next sign-in. */
  async forget() {
    this.unlocked = undefined
    this.user = undefined
    this.api.setTokens(undefined)
    await this.storage.remove('session')
  }
}
