import { Alerts } from '@portico/core/spec'
import type { MiddlewareHandler } from 'hono'
import { ProjectConfigSchema, type ProjectConfig } from '../config.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/database.js'
import type { AppEnv } from '../http/app.js'

/** Paths that serve browsers or operators directly and so carry no projectId. */
const OPEN_PATHS = [
  /^\/health$/,
  /^\/livez$/,
  /^\/readyz$/,
  /^\/metrics$/,
  /^\/openapi\.json$/,
  /^\/\.well-known\/jwks\.json$/,
  /^\/icons\//,
  /^\/fonts\//,
  /^\/sandbox\//,
  /^\/relay/,
  /^\/dev\//,
]

/** Writes the configured projects into the database (config is the source of truth at startup). */
export async function seedProjects(db: Queryable, projects: readonly ProjectConfig[]) {
  for (const p of projects)
    await db.query(
      `insert into projects (project_id, name, allowed_origins, features, analytics) values ($1, $2, $3, $4, $5)
       on conflict (project_id) do update set name = excluded.name, allowed_origins = excluded.allowed_origins,
         features = excluded.features, analytics = excluded.analytics`,
      [p.projectId, p.name, JSON.stringify(p.allowedOrigins), JSON.stringify(p.features), p.analytics],
    )
}

/** Reads a project, cached for a few seconds so the guard costs no query per request (the server's ctx.projects). */
export function projectReader(db: Queryable, ttlMs = 5_000) {
  const cache = new Map<string, { at: number; project: ProjectConfig | null }>()
  return async (projectId: string): Promise<ProjectConfig | null> => {
    const hit = cache.get(projectId)
    if (hit && Date.now() - hit.at < ttlMs) return hit.project
    const [row] = await db.query<{ project_id: string; name: string; allowed_origins: unknown; features: unknown; analytics: boolean }>(
      'select project_id, name, allowed_origins, features, analytics from projects where project_id = $1',
      [projectId],
    )
    const project = row
      ? ProjectConfigSchema.parse({
          projectId: row.project_id,
          name: row.name,
          allowedOrigins: parseJson(row.allowed_origins),
          features: parseJson(row.features),
          analytics: row.analytics,
        })
      : null
    if (cache.size > 10_000) cache.clear()
    cache.set(projectId, { at: Date.now(), project })
    return project
  }
}

function parseJson(value: unknown) {
  return typeof value === 'string' ? JSON.parse(value) : value
}

/**
 * Every API call names its project: missing → 400, unknown → 403, over the project's rate
 * limit → 429. The project id and the project are then available to routes as `c.var.projectId`
 * and `c.var.project`.
 */
export function projectGuard(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || OPEN_PATHS.some((p) => p.test(c.req.path))) return next()
    const projectId = c.req.query('projectId')
    if (!projectId) return c.json({ error: Alerts.APKT008.message }, 400)
    const project = projectId.length > 128 ? null : await ctx.projects(projectId)
    if (!project) return c.json({ error: Alerts.APKT007.message }, 403)
    if (!(await ctx.rateLimiter.hit(`project:${projectId}`, ctx.config.rateLimits.perProjectPerMinute, 60_000))) return c.json({ error: 'Rate limited' }, 429)
    c.set('projectId', projectId)
    c.set('project', project)
    await next()
  }
}
