/**
 * Whether `origin` is allowed by a project's list: exact origins, or `scheme://host:*` to allow
 * any port of a host (local development). Shared by the client's check and the server.
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) => {
    if (pattern === origin) return true
    if (!pattern.endsWith(':*')) return false
    const base = pattern.slice(0, -2)
    return origin === base || (origin.startsWith(`${base}:`) && /^\d+$/.test(origin.slice(base.length + 1)))
  })
}
