import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ServerContext } from '../context.js'
import { HttpError } from '../http/errors.js'
import { verifyClientJwt } from './jwt.js'
import { clientAddressKey, type ConnectionCaps } from './limits.js'
import type { RelayOptions } from './options.js'
import { UpgradeRefusal } from './refusals.js'

const STATUS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
}

function reject(socket: Duplex, status: number, reason: string) {
  if (socket.destroyed) return
  const body = JSON.stringify({ error: reason })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS[status] ?? 'Bad Request'}\r\n` +
      `Connection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}

export interface RelayUpgradeDeps {
  ctx: ServerContext
  opts: RelayOptions
  caps: ConnectionCaps
  httpServer: unknown
  closing(): boolean
  /** Completes the WebSocket handshake of an admitted request. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer, who: { clientId: string; address: string }): void
}

/**
 * The 'upgrade' listener: at the relay's path, a client JWT, a known projectId and free connection
 * slots for its address and project, or an HTTP error answer (HttpError) and no socket.
 */
export function relayUpgradeListener(deps: RelayUpgradeDeps) {
  const { ctx, opts, caps } = deps
  const now = opts.now

  /** The admitted client, HttpError for a refusal, undefined for a socket that is not the relay's (or gone). */
  const admit = async (req: IncomingMessage, socket: Duplex): Promise<{ clientId: string; address: string } | undefined> => {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://relay.local')
    } catch {
      throw UpgradeRefusal.badUrl()
    }
    if (url.pathname !== opts.path && url.pathname !== `${opts.path}/`) {
      // Another upgrade listener may own this path.
      if ((deps.httpServer as HttpServer).listenerCount('upgrade') === 1) throw UpgradeRefusal.notFound()
      return undefined
    }
    if (deps.closing()) throw UpgradeRefusal.shuttingDown()
    // The address's slot is taken before any await and given back when this socket closes, whether
    // the upgrade failed, was refused or the WebSocket ended.
    const address = clientAddressKey(req, opts.proxyHops)
    const ipSlot = caps.admitIp(address)
    if (!ipSlot.ok) throw UpgradeRefusal.tooManyFromAddress()
    socket.once('close', ipSlot.release)
    const auth = url.searchParams.get('auth') ?? req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? ''
    const verified = verifyClientJwt(auth, now())
    if (!verified.ok) throw UpgradeRefusal.unauthorized(verified.reason)
    const projectId = url.searchParams.get('projectId')
    if (opts.requireProject) {
      if (!projectId) throw UpgradeRefusal.projectRequired()
      const project = await ctx.projects(projectId).catch(() => null)
      if (!project) throw UpgradeRefusal.unknownProject()
    }
    if (projectId) {
      const projectSlot = caps.admitProject(projectId)
      if (!projectSlot.ok) throw UpgradeRefusal.tooManyForProject()
      socket.once('close', projectSlot.release)
    }
    if (socket.destroyed) return undefined
    return { clientId: verified.clientId, address }
  }

  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined)
    admit(req, socket)
      .then(
        (who) => who && deps.accept(req, socket, head, who),
        (error: unknown) => {
          if (!(error instanceof HttpError)) throw error
          reject(socket, error.status, error.message)
        },
      )
      .catch((error) => {
        ctx.log('relay: upgrade failed', error)
        socket.destroy()
      })
  }
}
