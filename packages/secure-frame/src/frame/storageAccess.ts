import type { Emit } from './emit.js'
import { t } from './i18n/index.js'
import type { FrameStorage } from './storage.js'

/** How long opening the storage may take before the frame counts it as denied (a browser that never answers). */
const STORAGE_TIMEOUT_MS = 3_000
/**
 * How long the request without a click may take: it answers at once where there is no grant, but
 * Chromium 156 with a storage-access permission set never settles it (verified): the user's
 * button must not wait for it.
 */
const SILENT_REQUEST_TIMEOUT_MS = 1_000

/** The Storage Access API where the browser has it (`indexedDB` in the handle: Chromium's storage beyond cookies). */
interface StorageAccessDocument {
  requestStorageAccess?(types?: { indexedDB: boolean }): Promise<{ indexedDB?: IDBFactory } | undefined>
}

/**
 * Issue 28: the frame's storage, or why it has none. A third-party frame where the browser blocks
 * third-party storage cannot open IndexedDB. Where the browser offers the Storage Access API the
 * frame asks for it, first without a click (an earlier grant for this host site needs none), then
 * on the user's click on its own button (only a gesture in the frame itself may ask); the host is
 * told with START_FAILED and lays the frame over a slot of its own meanwhile. Resolves undefined
 * once the frame gave up (START_FAILED without storage access told).
 */
export async function storageOrAccessButton(opts: {
  root: HTMLElement
  emit: Emit
  open(factory?: IDBFactory): Promise<FrameStorage>
  log(...args: unknown[]): void
}): Promise<FrameStorage | undefined> {
  const { root, emit, open, log } = opts
  try {
    return await within(open(), STORAGE_TIMEOUT_MS)
  } catch (error) {
    log('storage unavailable', error)
  }
  const doc = document as unknown as StorageAccessDocument
  if (typeof doc.requestStorageAccess !== 'function') {
    emit('START_FAILED', { reason: 'storage', storageAccess: false })
    return undefined
  }
  const viaGrant = async (requestTimeoutMs?: number) => {
    const request = doc.requestStorageAccess!({ indexedDB: true })
    const handle = await (requestTimeoutMs ? within(request, requestTimeoutMs) : request)
    return within(open(handle?.indexedDB ?? indexedDB), STORAGE_TIMEOUT_MS)
  }
  try {
    return await viaGrant(SILENT_REQUEST_TIMEOUT_MS)
  } catch {
    // No grant yet: it takes the user's click.
  }
  emit('START_FAILED', { reason: 'storage', storageAccess: true })
  return new Promise((resolve) => {
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'storage-access'
    button.textContent = t('storage.allow')
    button.dataset.testid = 'frame-storage-access'
    button.addEventListener('click', () => {
      button.disabled = true
      // The user's answer to the browser's prompt may take them a while: no timeout (the host shows Retry meanwhile).
      viaGrant().then(
        (storage) => {
          document.documentElement.classList.remove('asking-storage')
          root.replaceChildren()
          resolve(storage)
        },
        (error: unknown) => {
          log('storage access refused', error)
          document.documentElement.classList.remove('asking-storage')
          root.replaceChildren()
          emit('START_FAILED', { reason: 'storage', storageAccess: false })
          resolve(undefined)
        },
      )
    })
    document.documentElement.classList.add('asking-storage')
    root.replaceChildren(button)
  })
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
