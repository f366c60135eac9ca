import { fromB64url, toB64url } from '../custody.js'
import { t } from './i18n/index.js'

/**
 * The WebAuthn ceremonies of the factor screens (factorScreens.ts): a passkey on the secure origin (its RP id is
 * this origin's host) with the PRF extension, whose output is the factor's secret and never leaves the frame.
 */

/** A passkey factor as the server lists it: its credential and the PRF salt it was made with. */
export interface Passkey {
  kind?: string
  credentialId?: string
  prfSalt?: string
}

export const passkeysSupported = () => typeof PublicKeyCredential !== 'undefined' && Boolean(navigator.credentials)

/** Creates a passkey on this origin with the PRF extension and returns its PRF output. */
export async function createPasskey(userName: string, salt: Uint8Array): Promise<{ credentialId: string; secret: Uint8Array }> {
  const user = crypto.getRandomValues(new Uint8Array(16))
  const credential = (await navigator.credentials.create({
    publicKey: {
      rp: { id: location.hostname, name: 'Portico wallet' },
      user: { id: user, name: userName, displayName: userName },
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: 120_000,
      extensions: { prf: { eval: { first: salt } } } as AuthenticationExtensionsClientInputs,
    },
  })) as PublicKeyCredential | null
  if (!credential) throw new Error(t('factor.errorNotCreated'))
  const credentialId = toB64url(new Uint8Array(credential.rawId))
  const prf = (credential.getClientExtensionResults() as { prf?: { enabled?: boolean; results?: { first?: ArrayBuffer } } }).prf
  if (prf?.results?.first) return { credentialId, secret: new Uint8Array(prf.results.first) }
  if (prf?.enabled === false) throw new Error(t('factor.errorNoPrf'))
  // Some authenticators give the PRF output only when the passkey is used.
  const used = await usePasskey([{ credentialId, prfSalt: toB64url(salt) }])
  return { credentialId, secret: used.secret }
}

/** Asks for one of the wallet's passkeys with the PRF extension; returns which one and its output. */
export async function usePasskey<F extends Passkey>(factors: F[]): Promise<{ factor: F; secret: Uint8Array }> {
  const passkeys = factors.filter((f) => (f.kind ?? 'passkey') === 'passkey' && f.credentialId && f.prfSalt)
  const evalByCredential = Object.fromEntries(passkeys.map((f) => [f.credentialId!, { first: fromB64url(f.prfSalt!) }]))
  const assertion = (await navigator.credentials.get({
    publicKey: {
      rpId: location.hostname,
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      allowCredentials: passkeys.map((f) => ({ type: 'public-key' as const, id: fromB64url(f.credentialId!) as BufferSource })),
      userVerification: 'required',
      timeout: 120_000,
      extensions: { prf: { evalByCredential } } as AuthenticationExtensionsClientInputs,
    },
  })) as PublicKeyCredential | null
  if (!assertion) throw new Error(t('factor.errorNoAssertion'))
  const id = toB64url(new Uint8Array(assertion.rawId))
  const factor = passkeys.find((f) => f.credentialId === id)
  const first = (assertion.getClientExtensionResults() as { prf?: { results?: { first?: ArrayBuffer } } }).prf?.results?.first
  if (!factor || !first) throw new Error(t('factor.errorNoPrfOutput'))
  return { factor, secret: new Uint8Array(first) }
}
