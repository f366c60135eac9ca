import type { OpenAPIHono } from '@hono/zod-openapi'
import type { DeviceProof } from '../auth/dpop.js'
import type { ProjectConfig } from '../config.js'

/** What middleware puts on a request: the client's address (through trusted proxies), the project guard's project (and its id), the auth routes' checked device proof. */
export interface AppEnv {
  Variables: { projectId: string; project: ProjectConfig; device: DeviceProof; clientIp: string }
}

/**
 * The HTTP API every route module registers on. It lives apart from app.ts (which builds it and
 * imports every route module), so that route modules import no module that imports them.
 */
export type App = OpenAPIHono<AppEnv>
