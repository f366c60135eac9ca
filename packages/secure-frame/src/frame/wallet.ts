import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { combinePair, deriveKeys, newEntropy, secretHash, splitPair, type DerivedKeys } from '../keys.js'
import { ApiError, createApi, type Api, type Tokens } from './api.js'
import type { FrameStorage } from './storage.js'

const evmAddressOf = (key: `0x${string}`) => privateKeyToAccount(key).address

export interface Unlocked {
  keys: DerivedKeys
  account: PrivateKeyAccount
}

export interface UserInfo {
  email: string | null
  userName?: string
  socialProvider?: string
  preferredAccountType: 'eoa' | 'smartAccount'
}

interface WalletMaterial {
  wallet: null | { secretHash: string; addresses: Record<string, string>; authShare?: string; recoveryShares?: [string, string] }
}

/**
 * The frame's session and keys. The secret is rebuilt only here, from the device share (this
 * origin's IndexedDB) and the server's share for this device; it is never posted to the host.
 */
export class FrameWallet {
  readonly api: Api
  private unlocked: Unlocked | undefined
  user: UserInfo | undefined

  constructor(
    private readonly storage: FrameStorage,
    opts: { apiUrl: string; projectId: string },
  ) {
    this.api = createApi({
      apiUrl: opts.apiUrl,
      projectId: opts.projectId,
      deviceId: storage.deviceId,
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

  /** At load: the stored refresh token, if any, signs the frame back in. */
  async restore(): Promise<boolean> {
    const stored = await this.storage.getSecret<{ refreshToken: string }>('session')
    if (!stored) return false
    this.api.setTokens({ accessToken: '', refreshToken: stored.refreshToken, expiresIn: 0 })
    try {
      await this.unlock()
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await this.forget()
      return false
    }
  }

  /** A login finished: keep the session and rebuild (or create) the keys. */
  async signedIn(tokens: Tokens) {
    this.api.setTokens(tokens)
    await this.storage.setSecret('session', { refreshToken: tokens.refreshToken })
    await this.unlock()
  }

  private async unlock() {
    const material = await this.api.call<WalletMaterial>('/auth/wallet', { auth: true })
    const wallet = material.wallet
    if (!wallet) {
      // First sign-in: the keys are made here. One 2-of-2 for this device, one for recovery.
      const entropy = newEntropy()
      const keys = deriveKeys(entropy, evmAddressOf)
      const [deviceShare, authShare] = await splitPair(entropy)
      const recoveryShares = await splitPair(entropy)
      const hash = secretHash(entropy)
      await this.api.call('/auth/wallet', { body: { secretHash: hash, addresses: keys.addresses, authShare, recoveryShares }, auth: true })
      await this.storage.setSecret(`share:${hash}`, deviceShare)
      this.unlocked = { keys, account: privateKeyToAccount(keys.evmPrivateKey) }
    } else {
      const deviceShare = await this.storage.getSecret<string>(`share:${wallet.secretHash}`)
      if (wallet.authShare && deviceShare) {
        const { keys } = await combinePair([deviceShare, wallet.authShare], wallet, evmAddressOf)
        this.unlocked = { keys, account: privateKeyToAccount(keys.evmPrivateKey) }
      } else if (wallet.recoveryShares) {
        // An approved new device: recover once, then make this device's own 2-of-2.
        const { entropy, keys } = await combinePair(wallet.recoveryShares, wallet, evmAddressOf)
        const [newDeviceShare, authShare] = await splitPair(entropy)
        await this.storage.setSecret(`share:${wallet.secretHash}`, newDeviceShare)
        await this.api.call('/auth/wallet/device-share', { body: { authShare }, auth: true })
        this.unlocked = { keys, account: privateKeyToAccount(keys.evmPrivateKey) }
      } else {
        throw new Error('This device is not approved for this wallet. Sign in again with your email')
      }
    }
    this.user = await this.api.call<UserInfo>('/auth/me', { auth: true })
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
