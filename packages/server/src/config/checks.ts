import { rpcUrlList } from './rpc.js'
import type { ServerConfig } from './schema.js'

/** The devnet paymaster's verifying signer (anvil account 9): public, so never a production key. */
const DEVNET_PAYMASTER_SIGNER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0'])
const isLocal = (url: string) => {
  try {
    const host = new URL(url).hostname
    return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.')
  } catch {
    return false
  }
}

/**
 * What a production start (no --dev) refuses: development parts, devnet chains and missing
 * secrets. Each problem names its key and what to do.
 */
export function productionProblems(config: ServerConfig, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = []
  const devOnly: Array<[keyof ServerConfig, string]> = [
    ['devRoutes', 'the /dev routes'],
    ['devMailCatcher', 'the local mail catcher'],
    ['devIdentityProvider', 'the local OpenID provider'],
    ['sandboxOnramp', 'the sandbox onramp (no real money)'],
    ['outboundAllowOrigins', 'exemptions from the outbound fetch guard'],
  ]
  for (const [key, what] of devOnly)
    if (config[key] !== undefined && config[key] !== false) problems.push(`${key}: ${what} is development only; start with --dev or remove it`)
  if (config.projects.length === 0)
    problems.push('projects: at least one project is required without --dev (PORTICO_PROJECTS=projects.json or "projects" in the config file)')
  for (const [chain, value] of Object.entries(config.rpcUrls))
    for (const url of rpcUrlList(value))
      if (isLocal(url)) problems.push(`rpcUrls.${chain}: ${url} is a local (devnet) URL; without --dev set the chain's real RPC URL`)
  for (const [provider, settings] of Object.entries(config.socialProviders ?? {}))
    for (const [key, value] of Object.entries(settings ?? {}))
      if (typeof value === 'string' && /^https?:\/\//.test(value) && (isLocal(value) || value.startsWith('http:')))
        problems.push(`socialProviders.${provider}.${key}: ${value} is not the provider's https endpoint; without --dev leave it out or set an https URL`)
  if (config.farcaster && isLocal(config.farcaster.relayUrl))
    problems.push(`farcaster.relayUrl: ${config.farcaster.relayUrl} is a local stand-in; without --dev use the Farcaster relay`)
  if (config.farcaster && isLocal(config.farcaster.optimismRpcUrl))
    problems.push(`farcaster.optimismRpcUrl: ${config.farcaster.optimismRpcUrl} is a local chain; without --dev set an Optimism RPC URL`)
  for (const [chain, smart] of Object.entries(config.smartAccounts?.chains ?? {}))
    if (isLocal(smart.bundlerUrl))
      problems.push(`smartAccounts.chains.${chain}.bundlerUrl: a local (devnet) bundler; without --dev set the chain's real bundler URL`)
  if (config.smartAccounts?.paymaster?.signerKey.toLowerCase() === DEVNET_PAYMASTER_SIGNER_KEY)
    problems.push('smartAccounts.paymaster.signerKey: the public devnet key signs sponsorships anyone could forge; without --dev set your paymaster signer key')
  if (!config.siwx?.signingKey)
    problems.push('siwx.signingKey: required without --dev (a private EC P-256 JWK, the same on every instance; PORTICO_SIWX_SIGNING_KEY_FILE)')
  if (config.secureFrame) {
    if (!config.authSecrets && !config.authSecretsFile && !config.authKeyService && !env.PORTICO_AUTH_SECRETS_FILE)
      problems.push(
        'authSecrets: required without --dev when secureFrame is on (PORTICO_AUTH_SECRETS_<OTP|SHARE|RECOVERY|JWT>_KEY_FILE or PORTICO_AUTH_SECRETS_FILE)',
      )
    if (!config.smtp)
      problems.push('smtp.host: required without --dev when secureFrame is on: login codes go out by mail (PORTICO_SMTP_HOST, PORTICO_SMTP_PASSWORD_FILE…)')
  }
  return problems
}
