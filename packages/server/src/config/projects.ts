import { z } from 'zod'
import { caip2 } from './fields.js'

export const ProjectConfigSchema = z.strictObject({
  projectId: z.string().min(1),
  name: z.string().min(1),
  /** Exact origins, or with a `*` port (`http://127.0.0.1:*`) for local development. */
  allowedOrigins: z.array(z.string()).default([]),
  /** Remote features (SPEC §9 'Defaults' apply where absent). */
  features: z.record(z.string(), z.unknown()).default({}),
  analytics: z.boolean().default(true),
  /** SPEC 'get smart-account-enabled networks': where the embedded wallet's account is a smart account (chains of config.smartAccounts). */
  smartAccountNetworks: z.array(caip2()).optional(),
  /** Where this project's smart accounts get their gas sponsored by config.smartAccounts.paymaster (ERC-7677). */
  sponsoredNetworks: z.array(caip2()).optional(),
  /** This project's sponsorship budgets in wei per UTC day and chain (else config.smartAccounts.paymaster's). */
  sponsorshipBudget: z
    .strictObject({
      perUserPerDayWei: z
        .string()
        .regex(/^\d{1,30}$/, { error: 'expected a whole number of wei (a decimal string)' })
        .optional(),
      perProjectPerDayWei: z
        .string()
        .regex(/^\d{1,30}$/, { error: 'expected a whole number of wei (a decimal string)' })
        .optional(),
    })
    .optional(),
})
export type ProjectConfig = z.infer<typeof ProjectConfigSchema>

/** The development project the demo uses. */
export const DEV_PROJECT: ProjectConfig = {
  projectId: 'portico-dev',
  name: 'Portico Demo',
  allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
  features: {},
  analytics: true,
  smartAccountNetworks: ['eip155:31337', 'eip155:31338'],
  sponsoredNetworks: ['eip155:31337', 'eip155:31338'],
}

export const projectsShape = {
  projects: z
    .array(ProjectConfigSchema)
    .default([])
    .describe(
      'The projects this server serves: [{projectId, name, allowedOrigins, features, analytics, smartAccountNetworks, sponsoredNetworks, sponsorshipBudget}]. At least one outside --dev. Env PORTICO_PROJECTS and flag --projects: a JSON file path (or inline JSON).',
    ),
}
