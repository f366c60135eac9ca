import { createDeviceKeys, describeDeviceKeys, type DeviceKeys } from '../custody.js'

/**
 * The frame origin's IndexedDB. Secrets (the device share, the refresh token) are stored
 * AES-GCM-encrypted under a non-extractable WebCrypto key that itself lives in IndexedDB: script
 * can use it but never read it out. The DEVICE KEY lives here too (CUSTODY.md): an ECDSA P-256
 * key that signs every request to the auth server and an ECDH P-256 key that released shares are
 * encrypted to, both generated here as non-extractable. The device id is derived from it. The
 * host page's origin has no access to any of this.
 */
const DB_NAME = 'portico-secure-frame'
const STORE = 'kv'

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function tx<T>(db: IDBDatabase, mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = fn(db.transaction(STORE, mode).objectStore(STORE))
    request.onsuccess = () => resolve(request.result as T)
    request.onerror = () => reject(request.error)
  })
}

interface Sealed {
  iv: Uint8Array
  data: ArrayBuffer
}

export interface FrameStorage {
  deviceId: string
  device: DeviceKeys
  getSecret<T>(name: string): Promise<T | undefined>
  setSecret(name: string, value: unknown): Promise<void>
  remove(name: string): Promise<void>
}

/**
 * Opens the frame's storage: the document's own IndexedDB, or the one a Storage Access API grant
 * handed over (`requestStorageAccess({ indexedDB: true })`). In a third-party frame where the
 * browser blocks third-party storage, opening it fails ('The user denied permission to access the
 * database'); where it partitions it, it works, per host site.
 */
export async function openStorage(factory: IDBFactory = indexedDB): Promise<FrameStorage> {
  const db = await openDb(factory)
  let key = await tx<CryptoKey | undefined>(db, 'readonly', (s) => s.get('wrap-key'))
  if (!key) {
    key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
    await tx(db, 'readwrite', (s) => s.put(key, 'wrap-key'))
  }
  const sign = await tx<CryptoKeyPair | undefined>(db, 'readonly', (s) => s.get('device-sign-key'))
  const enc = await tx<CryptoKeyPair | undefined>(db, 'readonly', (s) => s.get('device-enc-key'))
  let device: DeviceKeys
  if (sign && enc) device = await describeDeviceKeys(sign, enc)
  else {
    device = await createDeviceKeys()
    await tx(db, 'readwrite', (s) => s.put(device.sign, 'device-sign-key'))
    await tx(db, 'readwrite', (s) => s.put(device.enc, 'device-enc-key'))
  }
  const wrapKey = key
  return {
    deviceId: device.deviceId,
    device,
    async getSecret<T>(name: string) {
      const sealed = await tx<Sealed | undefined>(db, 'readonly', (s) => s.get(`secret:${name}`))
      if (!sealed) return undefined
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: sealed.iv as BufferSource, additionalData: new TextEncoder().encode(name) },
          wrapKey,
          sealed.data,
        )
        return JSON.parse(new TextDecoder().decode(plain)) as T
      } catch {
        return undefined
      }
    },
    async setSecret(name, value) {
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(name) },
        wrapKey,
        new TextEncoder().encode(JSON.stringify(value)),
      )
      await tx(db, 'readwrite', (s) => s.put({ iv, data } satisfies Sealed, `secret:${name}`))
    },
    async remove(name) {
      await tx(db, 'readwrite', (s) => s.delete(`secret:${name}`))
    },
  }
}
