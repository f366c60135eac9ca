import type { CaipNetwork, ChainNamespace, WalletConnectClient, WalletConnectSession } from '@portico/core'
import UniversalProvider from '@walletconnect/universal-provider'
import { EIP155_METHODS } from './eip155Provider.js'
import { namespacesFor, walletConnectFamilies } from './families.js'
import type { WalletConnectOptions } from './options.js'
import { authFromCacao, type Cacao } from './cacao.js'

/** The WalletConnect client: @walletconnect/universal-provider against the configured relay. */
export async function createWalletConnectClient(options: WalletConnectOptions): Promise<WalletConnectClient> {
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    telemetryEnabled: false,
    customStoragePrefix: 'portico',
    logger: 'error',
  } as Parameters<typeof UniversalProvider.init>[0])
  if (!options.verify) {
    // A self-hosted relay has no Verify API; asking it costs ~5 s per proposal offline.
    const verify = provider.client.core.verify as unknown as { register: () => Promise<string>; resolve: () => Promise<undefined> }
    verify.register = async () => ''
    verify.resolve = async () => undefined
  }
  // One provider per family for the client's life (each reads the current session on every call), except those made per session.
  const providers = new Map<string, unknown>()
  const walletRequestListeners = new Set<(method: string) => void>()
  const onWalletRequest = (method: string) => walletRequestListeners.forEach((listener) => listener(method))
  const sessionOf = (): WalletConnectSession | null => {
    const session = provider.session
    if (!session) return null
    return {
      namespaces: Object.keys(session.namespaces) as ChainNamespace[],
      peer: { name: session.peer.metadata.name, url: session.peer.metadata.url, icons: session.peer.metadata.icons },
    }
  }

  return {
    async connect({ caipNetworks, onUri, authRequest }) {
      const onDisplayUri = (uri: string) => onUri(uri)
      provider.on('display_uri', onDisplayUri)
      let cacao: unknown
      try {
        if (authRequest) cacao = await authenticate(provider, caipNetworks, authRequest)
        else await provider.connect({ optionalNamespaces: namespacesFor(caipNetworks) })
      } finally {
        provider.removeListener('display_uri', onDisplayUri)
      }
      for (const family of walletConnectFamilies) if (family.perSession) providers.delete(family.namespace)
      const session = sessionOf()
      if (!session) throw new Error('The wallet did not approve a session')
      if (!cacao) return session
      const format = (c: Cacao) => provider.client.formatAuthMessage({ request: c.p, iss: c.p.iss })
      return { ...session, auth: authFromCacao(cacao, format) }
    },
    async restore() {
      return sessionOf()
    },
    async disconnect() {
      if (provider.session) await provider.disconnect()
    },
    providerFor(namespace) {
      const family = walletConnectFamilies.find((f) => f.namespace === namespace)
      if (!family) throw new Error(`WalletConnect sessions for ${namespace} are not supported yet`)
      if (!providers.has(namespace)) providers.set(namespace, family.provider({ provider, onWalletRequest }))
      return providers.get(namespace)
    },
    clientId: () => provider.client.core.crypto.getClientId().catch(() => undefined),
    onWalletRequest(listener) {
      walletRequestListeners.add(listener)
      return () => void walletRequestListeners.delete(listener)
    },
    onSessionEnd(listener) {
      provider.on('session_delete', listener)
      return () => provider.removeListener('session_delete', listener)
    },
  }
}

type AuthRequest = NonNullable<Parameters<WalletConnectClient['connect']>[0]['authRequest']>

/**
 * SPEC §4 one-click auth through the sign client's session authenticate (wc_sessionAuthenticate,
 * ReCaps): connect and sign-in in one approval. A wallet without it answers the fallback session
 * proposal sent on the same pairing: no CACAO then, and Portico asks for the sign-in afterwards.
 * Resolves with the CACAO of the first requested chain the wallet signed, if any.
 */
async function authenticate(provider: UniversalProvider, caipNetworks: readonly CaipNetwork[], request: AuthRequest): Promise<unknown> {
  const { chains, domain, uri, nonce, statement, expirationTime, notBefore, requestId, resources } = request
  let result: Awaited<ReturnType<UniversalProvider['authenticate']>>
  try {
    result = await provider.authenticate({
      // The rpcMap for reads, as connect() would set it.
      optionalNamespaces: namespacesFor(caipNetworks),
      chains,
      methods: EIP155_METHODS,
      domain,
      uri,
      nonce,
      statement,
      ...(expirationTime ? { exp: expirationTime } : {}),
      ...(notBefore ? { nbf: notBefore } : {}),
      ...(requestId ? { requestId } : {}),
      ...(resources?.length ? { resources } : {}),
    } as Parameters<UniversalProvider['authenticate']>[0])
  } catch (error) {
    // The sign client rejects a refusal with the wallet's message as a string.
    throw error instanceof Error ? error : new Error(typeof error === 'string' ? error : (error as { message?: string })?.message)
  }
  const auths = (result as { auths?: Array<{ p?: { iss?: string } }> }).auths ?? []
  return chains.map((chain) => auths.find((a) => a.p?.iss?.startsWith(`did:pkh:${chain}:`))).find(Boolean) ?? auths[0]
}
