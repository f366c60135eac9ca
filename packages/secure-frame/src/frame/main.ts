import { originAllowed } from '@portico/core/spec'
import { createEmit } from './emit.js'
import { setFrameLocale } from './i18n/index.js'
import { listen } from './listen.js'
import { keyFamilies } from './rpc/index.js'
import { createFrameSession, type FrameConfig } from './session.js'
import { openStorage } from './storage.js'
import { storageOrAccessButton } from './storageAccess.js'

// The frame's boot: find the host page, open the session, answer its requests. Each request kind's handler
// lives in handlers/ (login, session, factors, rpc, smartAccount); the approval queue in approvalQueue.ts.

const config = JSON.parse(document.body.dataset.config ?? '{}') as FrameConfig
const root = document.getElementById('portico-frame')!
const log = (...args: unknown[]) => config.enableLogger && console.info('[portico-frame]', ...args)

/** The host page's origin: the frame's parent, which must be one of the project's allowed origins. */
function parentOrigin(): string | undefined {
  if (window.parent === window) return undefined
  const ancestor = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0]
  let origin = ancestor
  if (!origin && document.referrer) origin = new URL(document.referrer).origin
  return origin && originAllowed(origin, config.allowedOrigins) ? origin : undefined
}

function notice(text: string) {
  const p = document.createElement('p')
  p.className = 'notice'
  p.textContent = text
  root.replaceChildren(p)
  document.body.classList.add('showing')
}

async function boot() {
  const hostOrigin = parentOrigin()
  if (!hostOrigin) {
    console.error('[portico-frame] not embedded by an allowed origin; not listening')
    notice('This page works only inside a site allowed by its Portico project.')
    return
  }
  const host = window.parent
  const post = (message: unknown) => host.postMessage(message, hostOrigin) // pinned origin, never '*'
  const emit = createEmit(post)
  // Issue 28: the host knows the frame's script runs; READY or START_FAILED follows.
  emit('STARTING', {})
  // What the frame may draw before SYNC_THEME / SYNC_LOCALE (its storage-access button): the host's mode and language.
  const query = new URLSearchParams(location.search)
  const themeMode = query.get('themeMode')
  if (themeMode === 'light' || themeMode === 'dark') document.documentElement.dataset.theme = themeMode
  if (query.get('locale')) await setFrameLocale(query.get('locale')).catch(() => undefined)
  const storage = await storageOrAccessButton({ root, emit, open: openStorage, log })
  if (!storage) return
  const session = createFrameSession({ config, root, hostOrigin, post, storage, keyFamilies })

  // The stored session (if any) is restored while the frame already listens.
  const restored: Promise<boolean> = session.wallet.restore().catch(() => false)
  listen(session, { host, post, restored, log })

  session.emit('READY', {})
  if (!(await restored)) session.emit('NOT_CONNECTED', {})
}

boot().catch((error) => console.error('[portico-frame] failed to start', error))
