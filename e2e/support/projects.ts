import { DEV_PROJECT } from '@portico/server'

/**
 * The dev project without its smart-account networks, for the journeys' servers: they deploy no
 * ERC-4337 contracts, so the embedded wallet's account is the EOA there (e2e/smart-account.e2e.ts
 * has the smart accounts, with a project of its own in stack.ts).
 */
const { smartAccountNetworks: _smart, sponsoredNetworks: _sponsored, ...eoaDevProject } = DEV_PROJECT
export const EOA_DEV_PROJECT = eoaDevProject
