import { DefaultAccountTypes, type ChainNamespace } from '../../spec/caip.js'
import type { SocialProvider } from '../../spec/defaults.js'
import { PorticoError } from '../../errors/base.js'
import { errorMessage } from '../../i18n/message.js'
import { AUTH_CONNECTOR_ID } from '../../embedded/authConnector.js'
import type { EmbeddedAccountType, EmbeddedWalletClient, EmbeddedWalletUser } from '../../embedded/types.js'
import { loginDisplayName, readLoginCache, readPreferredAccountTypes, writeLoginCache } from '../../embedded/loginCache.js'
import type { Portico } from '../../portico.js'
import { fetchBalance } from '../fetchBalance.js'
import { setAccount } from '../../stores/account.js'
import { setConnection } from './setConnection.js'

export type EmbeddedLoginMethod = 'email' | SocialProvider

/**
 * Hands the frame's EIP-1193 facade to every adapter that can take it, as an AUTH connector
 * (SPEC §3 'Connector'), so Account and send work unchanged. Returns the namespaces it was added to.
 */
export function registerAuthConnector(portico: Portico, client: EmbeddedWalletClient, method: EmbeddedLoginMethod | undefined): ChainNamespace[] {
  const added: ChainNamespace[] = []
  for (const [namespace, adapter] of portico.adapters) {
    const provider = client.providerFor(namespace)
    if (!provider || !adapter.addConnector) continue
    adapter.addConnector({ id: AUTH_CONNECTOR_ID, name: connectorName(method), type: 'AUTH', chain: namespace, provider })
    added.push(namespace)
  }
  return added
}

/**
 * A signed-in embedded-wallet user becomes a connection of each chain family the frame serves;
 * the login cache of SPEC §3 (login-used flag, email, last chain, social username) is written.
 */
export async function connectEmbeddedUser(
  portico: Portico,
  client: EmbeddedWalletClient,
  { user, method }: { user: EmbeddedWalletUser; method: EmbeddedLoginMethod },
) {
  const namespaces = registerAuthConnector(portico, client, method)
  if (!namespaces.length) throw new PorticoError(errorMessage('noAuthConnector'))
  writeLoginCache(portico.storage, {
    loginUsed: true,
    email: user.email ?? undefined,
    socialUsername: method === 'email' ? undefined : user.userName,
    connectedSocial: method === 'email' ? undefined : method,
  })
  await connectAuthConnector(portico, namespaces, user)
  void fetchBalance(portico)
}

/** Connects the registered AUTH connector of each namespace and records the user's display name. */
export async function connectAuthConnector(portico: Portico, namespaces: readonly ChainNamespace[], user: EmbeddedWalletUser | undefined) {
  const { network } = portico.stores
  for (const namespace of namespaces) {
    const adapter = portico.adapters.get(namespace)!
    const active = network.getState().caipNetwork
    const caipNetwork = active?.chainNamespace === namespace ? active : portico.options.networks.find((n) => n.chainNamespace === namespace)
    const result = await adapter.connect({ connectorId: AUTH_CONNECTOR_ID, caipNetwork })
    setConnection(portico, namespace, result)
    const preferred = embeddedAccountType(user, result.accounts[0]?.address)
    if (preferred) setAccount(portico, namespace, { preferredAccountType: preferred })
    if (namespace === network.getState().activeNamespace) writeLoginCache(portico.storage, { lastChain: result.caipNetworkId })
  }
  const name = loginDisplayName(readLoginCache(portico.storage))
  const { connections } = portico.stores
  const state = connections.getState()
  connections.setState({
    connections: Object.fromEntries(
      Object.entries(state.connections).map(([ns, list]) => [
        ns,
        list?.map((c) => (c.connectorId === AUTH_CONNECTOR_ID ? { ...c, auth: { name, username: readLoginCache(portico.storage).socialUsername } } : c)),
      ]),
    ),
  })
}

/**
 * The type of the embedded wallet's account at `address` as the frame reports it (its accounts:
 * the smart account or the EOA), else the user's preferred type. The adapters report every
 * account as eoa, so this is what tells the two apart, also after a reload.
 */
export function embeddedAccountType(user: EmbeddedWalletUser | undefined, address: string | undefined): EmbeddedAccountType | undefined {
  return user?.accounts?.find((a) => a.address.toLowerCase() === address?.toLowerCase())?.type ?? user?.preferredAccountType
}

/**
 * What GET_USER and CONNECT_SOCIAL carry: the active EVM chain, and the account type the user
 * chose before (SPEC §3 'preferred account types'), else the host's default, else SPEC §6's.
 */
export function embeddedUserParameters(portico: Portico): { chainId: string | number; preferredAccountType: EmbeddedAccountType } {
  const active = portico.stores.network.getState().caipNetwork
  const evm = active?.chainNamespace === 'eip155' ? active : portico.options.networks.find((n) => n.chainNamespace === 'eip155')
  const stored = readPreferredAccountTypes(portico.storage).eip155
  const configured = portico.options.defaultAccountTypes?.eip155
  const type = [stored, configured, DefaultAccountTypes.eip155].find((t) => t === 'eoa' || t === 'smartAccount') as EmbeddedAccountType
  return { chainId: (evm ?? portico.options.defaultNetwork).id, preferredAccountType: type }
}

function connectorName(method: EmbeddedLoginMethod | undefined): string {
  if (!method || method === 'email') return 'Email'
  if (method === 'x') return 'X'
  if (method === 'github') return 'GitHub'
  return method.charAt(0).toUpperCase() + method.slice(1)
}
