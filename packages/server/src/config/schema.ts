import { z } from 'zod'
import { authShape } from './auth.js'
import { chainsShape } from './chains.js'
import { databaseShape } from './database.js'
import { httpShape } from './http.js'
import { onrampShape } from './onramp.js'
import { projectsShape } from './projects.js'
import { registryShape } from './registry.js'
import { relayShape } from './relay.js'
import { smartAccountsShape } from './smartAccounts.js'
import { smtpShape } from './smtp.js'
import { socialShape } from './social.js'
import { swapShape } from './swap.js'

/** The domains, in the order of the generated reference (docs/server-config.md). */
export const CONFIG_DOMAINS = [
  { title: 'HTTP, logs, metrics and limits', shape: httpShape },
  { title: 'Database', shape: databaseShape },
  { title: 'Chains', shape: chainsShape },
  { title: 'Projects', shape: projectsShape },
  { title: 'Embedded wallet, auth secrets and sessions', shape: authShape },
  { title: 'Mail (SMTP)', shape: smtpShape },
  { title: 'Social login', shape: socialShape },
  { title: 'Onramp', shape: onrampShape },
  { title: 'Swaps', shape: swapShape },
  { title: 'Smart accounts (ERC-4337)', shape: smartAccountsShape },
  { title: 'WalletConnect relay', shape: relayShape },
  { title: 'Wallet registry', shape: registryShape },
] as const

/**
 * The whole server configuration, one domain per file. Defaults here are the production ones;
 * --dev adds the devnet's (config/dev.ts). A new key: add it to its domain's shape with a
 * `.describe()` and run `npm run config:docs`.
 */
export const ServerConfigSchema = z.strictObject({
  ...httpShape,
  ...databaseShape,
  ...chainsShape,
  ...projectsShape,
  ...authShape,
  ...smtpShape,
  ...socialShape,
  ...onrampShape,
  ...swapShape,
  ...smartAccountsShape,
  ...relayShape,
  ...registryShape,
})

/** The configuration the server runs with (publicUrl filled in by loadConfig or startServer). */
export type ServerConfig = Omit<z.output<typeof ServerConfigSchema>, 'publicUrl'> & { publicUrl: string }
/** What a config file or code may give: every key optional, defaults filled in by the schema. */
export type ServerConfigInput = z.input<typeof ServerConfigSchema>
