import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** The caller's address as the socket sees it ('unknown' when the adapter cannot tell). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
