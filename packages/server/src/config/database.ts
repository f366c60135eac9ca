import { z } from 'zod'
import { alias, secret } from './fields.js'

/** Where the server keeps its data. */
export const databaseShape = {
  dataDir: z
    .string()
    .min(1)
    .optional()
    .describe("PGlite data directory (when no databaseUrl); 'memory' or unset in code for none. Default .data/server. Flag --data-dir."),
  databaseUrl: alias(
    secret(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'expected a postgres:// URL' })
        .optional(),
    ),
    'DATABASE_URL',
  ).describe('PostgreSQL instead of PGlite (postgres://user:password@host/db). Also read from DATABASE_URL. Flag --database-url.'),
  redisUrl: alias(
    secret(
      z
        .string()
        .regex(/^rediss?:\/\//, { error: 'expected a redis:// URL' })
        .optional(),
    ),
    'REDIS_URL',
  ).describe('Redis shared by several instances (rate limits, relay state). Also read from REDIS_URL. Flag --redis-url.'),
}
