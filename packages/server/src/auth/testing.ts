import { createDecipheriv, createHash, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type { PorticoServer } from '../server.js'
import { deviceIdOf } from './dpop.js'
import { RELEASE_SALT, releaseInfo } from './release.js'

/**
 * Test helpers that act like the secure frame would: a device key (ECDSA P-256 for the DPoP
 * proofs, ECDH P-256 for releases, made here with node:crypto, independently of the frame's
 * WebCrypto code), calls with Origin = the secure origin and a proof per request, plus the dev
 * mail catcher's inbox. Used by the server's auth tests.
 */
export interface TestDevice {
  deviceId: string
  jkt: string
  signJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string }
  encJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string }
  /** A DPoP proof for one request. */
  proof(request: { method: string; url: string; accessToken?: string; body?: string; now: number; jti?: string }): string
  /** Opens a release sealed to this device (auth/release.ts). */
  open(sealed: string, context: string): string
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')
const sha = (data: string) => createHash('sha256').update(data).digest('base64url')

export function newDevice(): TestDevice {
  const signing = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const encryption = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const pub = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' }) as { x: string; y: string }
    return { kty: 'EC' as const, crv: 'P-256' as const, x: jwk.x, y: jwk.y }
  }
  const signJwk = pub(signing.publicKey)
  const encJwk = pub(encryption.publicKey)
  const jkt = sha(`{"crv":"P-256","kty":"EC","x":"${signJwk.x}","y":"${signJwk.y}"}`)
  return {
    deviceId: deviceIdOf(jkt),
    jkt,
    signJwk,
    encJwk,
    proof({ method, url, accessToken, body, now, jti }) {
      const u = new URL(url)
      const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: signJwk }
      const payload: Record<string, unknown> = {
        htm: method,
        htu: `${u.origin}${u.pathname}`,
        iat: Math.floor(now / 1000),
        jti: jti ?? randomBytes(18).toString('base64url'),
        enc: encJwk,
      }
      if (accessToken) payload.ath = sha(accessToken)
      if (body) payload.bh = sha(body)
      const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`
      const signature = sign('sha256', Buffer.from(input), { key: signing.privateKey, dsaEncoding: 'ieee-p1363' })
      return `${input}.${signature.toString('base64url')}`
    },
    open(sealed, context) {
      const box = JSON.parse(Buffer.from(sealed, 'base64url').toString('utf8')) as { epk: { x: string; y: string }; iv: string; ct: string }
      const epk = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: box.epk.x, y: box.epk.y }, format: 'jwk' })
      const shared = diffieHellman({ privateKey: encryption.privateKey, publicKey: epk })
      const info = releaseInfo(context, box.epk)
      const key = Buffer.from(hkdfSync('sha256', shared, Buffer.from(RELEASE_SALT), Buffer.from(info), 32))
      const ct = Buffer.from(box.ct, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64url'))
      decipher.setAAD(Buffer.from(info))
      decipher.setAuthTag(ct.subarray(ct.length - 16))
      return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]).toString('utf8')
    },
  }
}

/** Devices made by randomDeviceId(), by id: a call whose body names a deviceId signs with its key. */
const devices = new Map<string, TestDevice>()

/** A new test device; returns its id (derived from its key, as the server derives it). */
export function randomDeviceId() {
  const device = newDevice()
  devices.set(device.deviceId, device)
  return device.deviceId
}
export const deviceById = (id: string) => devices.get(id)

export interface CallOptions {
  /** Sign with this device (default: the body's deviceId, the token's device, or the client's own). */
  device?: TestDevice
  /** Send no proof at all (an attacker's plain HTTP client). */
  noProof?: boolean
  /** Send exactly this proof (a replay). */
  proof?: string
  /** Called with the proof that was sent. */
  onProof?(proof: string): void
  /** Send no Origin header (a non-browser client). */
  noOrigin?: boolean
  /** Use this scheme for the token (default DPoP). */
  scheme?: 'DPoP' | 'Bearer'
}

export function frameClient(server: PorticoServer, projectId = 'portico-dev', opts: { now?: () => number } = {}) {
  const origin = server.embedded!.secureFrameUrl
  const now = opts.now ?? (() => Date.now())
  const own = newDevice()
  /** Which device a token was issued to (the client signs later calls with it). */
  const byToken = new Map<string, TestDevice>()
  /** Every response body this client received (to check that nothing usable ever came back). */
  const responses: string[] = []
  async function call<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
    options: CallOptions = {},
  ) {
    const bodyText = body === undefined ? undefined : JSON.stringify(body)
    const named = (body as { deviceId?: string } | undefined)?.deviceId
    const refresh = (body as { refreshToken?: string } | undefined)?.refreshToken
    const device =
      options.device ??
      (named ? devices.get(named) : undefined) ??
      (token ? byToken.get(token) : undefined) ??
      (refresh ? byToken.get(refresh) : undefined) ??
      own
    const method = body === undefined ? 'GET' : 'POST'
    const proof = options.noProof
      ? undefined
      : (options.proof ?? device.proof({ method, url: `${server.url}${path}`, accessToken: token, body: bodyText, now: now() }))
    if (proof) options.onProof?.(proof)
    const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=${projectId}`, {
      method,
      headers: {
        ...(options.noOrigin ? {} : { origin }),
        ...(bodyText !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `${options.scheme ?? 'DPoP'} ${token}` } : {}),
        ...(proof ? { dpop: proof } : {}),
        ...headers,
      },
      body: bodyText,
    })
    const text = await response.text()
    const json = (text ? JSON.parse(text) : {}) as T & { error?: string; accessToken?: string; refreshToken?: string }
    responses.push(text)
    if (json.accessToken) byToken.set(json.accessToken, device)
    if (json.refreshToken) byToken.set(json.refreshToken, device)
    return { status: response.status, body: json }
  }
  async function inbox(to: string) {
    const response = await fetch(`${server.url}/dev/mail.json?to=${encodeURIComponent(to)}`)
    return ((await response.json()) as { messages: Array<{ subject: string; text: string; to: string[] }> }).messages
  }
  /** Polls the inbox until `count` mails arrived for `to`; returns the newest. */
  async function latestMail(to: string, count = 1) {
    for (let i = 0; i < 100; i++) {
      const messages = await inbox(to)
      if (messages.length >= count) return messages[0]!
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`no mail for ${to}`)
  }
  const codeIn = (mail: { subject: string }) => /\b(\d{6,8})\b/.exec(mail.subject)![1]!
  const linkIn = (mail: { text: string }) => /(https?:\/\/\S+\/auth\/device\/approve\S*)/.exec(mail.text)![1]!
  return { origin, call, inbox, latestMail, codeIn, linkIn, device: own, deviceOf: (token: string) => byToken.get(token), responses }
}
