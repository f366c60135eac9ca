import {
  disconnect as disconnectPortico,
  getProvider as getPorticoProvider,
  ModalClosedError,
  readAccount,
  requestConnection,
  watchAccount,
  type Portico,
  type PorticoEip1193Provider,
  type WatchedAccount,
} from '@portico/core'
import { ChainNotConfiguredError, ConnectorNotConnectedError, createConnector } from '@wagmi/core'
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address } from 'viem'

export type PorticoConnectorParameters = {
  /**
   * How long wagmi's `reconnect` waits for a stored Portico connection to be restored when
   * Portico's `initialize()` has not started restoring it yet.
   * @default 10_000
   */
  reconnectTimeout?: number | undefined
}

export type PorticoConnectorErrorType = ChainNotConfiguredError | ConnectorNotConnectedError | SwitchChainError | UserRejectedRequestError

const namespace = 'eip155'

porticoConnector.type = 'portico' as const

/**
 * Portico as a wagmi connector. wagmi's `connect` opens Portico's modal; a wallet connected in
 * the modal by any method (browser wallet, WalletConnect, email or social) is reported to wagmi
 * as well, and wagmi's requests reach it through Portico's public EIP-1193 provider.
 */
export function porticoConnector(portico: Portico, parameters: PorticoConnectorParameters = {}) {
  const { reconnectTimeout = 10_000 } = parameters

  type Provider = PorticoEip1193Provider | undefined
  type Properties = {
    // Both majors' shape: wagmi 2.16 passes no `withCapabilities`, later versions may.
    connect<withCapabilities extends boolean = false>(
      parameters?:
        | {
            chainId?: number | undefined
            isReconnecting?: boolean | undefined
            withCapabilities?: withCapabilities | boolean | undefined
          }
        | undefined,
    ): Promise<{
      accounts: withCapabilities extends true ? readonly { address: Address; capabilities: Record<string, unknown> }[] : readonly Address[]
      chainId: number
    }>
    onConnect(connectInfo: { chainId: string }): void
  }

  return createConnector<Provider, Properties>((config) => {
    let unwatch: (() => void) | undefined
    // While wagmi's own connect or disconnect runs, wagmi updates its state itself.
    let busy = false
    /** wagmi listens to a connector's 'disconnect' only while it holds a connection through it. */
    const tracked = () => config.emitter.listenerCount('disconnect') > 0

    return {
      id: 'portico',
      name: 'Portico',
      type: porticoConnector.type,

      async setup() {
        if (unwatch) return
        // Connections wagmi did not start (a wallet chosen in Portico's own button) become wagmi's too.
        unwatch = watchAccount(portico, {
          onChange: (account, previous) => {
            if (busy) return
            if (account.isConnected) {
              if (!tracked()) return this.onConnect({ chainId: numberToHex(Number(account.chainId)) })
              if (account.addresses.join() !== previous.addresses.join()) this.onAccountsChanged(account.addresses)
              if (account.chainId !== previous.chainId) this.onChainChanged(numberToHex(Number(account.chainId)))
            } else if (account.status === 'disconnected' && tracked()) this.onDisconnect()
          },
        })
        // createConfig calls setup() before its store exists: report a live connection a tick later.
        await Promise.resolve()
        const account = readAccount(portico, { namespace })
        if (account.isConnected && !tracked()) this.onConnect({ chainId: numberToHex(Number(account.chainId)) })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        busy = true
        try {
          let account: WatchedAccount
          if (isReconnecting) {
            await settled()
            account = readAccount(portico, { namespace })
            if (!account.isConnected) throw new ConnectorNotConnectedError()
          } else
            account = await requestConnection(portico, { namespace }).catch((error: unknown) => {
              if (error instanceof ModalClosedError) throw new UserRejectedRequestError(error)
              throw error
            })

          let currentChainId = Number(account.chainId)
          if (chainId && chainId !== currentChainId) {
            // As wagmi's injected connector: only a refusal fails the connect, else the wallet keeps its chain.
            const chain = await this.switchChain!({ chainId }).catch((error: unknown) => {
              if (error instanceof UserRejectedRequestError) throw error
              return { id: currentChainId }
            })
            currentChainId = chain.id
          }

          const accounts = toAddresses(readAccount(portico, { namespace }))
          return {
            accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
            chainId: currentChainId,
          }
        } finally {
          busy = false
        }
      },

      async disconnect() {
        if (!readAccount(portico, { namespace }).isConnected) return
        busy = true
        try {
          await disconnectPortico(portico, { namespace })
        } finally {
          busy = false
        }
      },

      async getAccounts() {
        return toAddresses(readAccount(portico, { namespace }))
      },

      async getChainId() {
        const { chainId } = readAccount(portico, { namespace })
        return chainId === undefined ? config.chains[0].id : Number(chainId)
      },

      async getProvider() {
        // wagmi's reconnect asks for the provider before isAuthorized(): both wait for Portico's.
        await settled()
        return getPorticoProvider(portico, namespace)
      },

      async isAuthorized() {
        await settled()
        return readAccount(portico, { namespace }).isConnected
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((x) => x.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        const provider = getPorticoProvider(portico, namespace)
        if (!provider) throw new ConnectorNotConnectedError()
        try {
          // Goes through Portico's network switch, which updates its state before resolving.
          await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
        } catch (error) {
          const code = (error as { code?: unknown }).code
          if (code === UserRejectedRequestError.code) throw new UserRejectedRequestError(error as Error)
          if (code === 4902) throw new SwitchChainError(new ChainNotConfiguredError())
          throw new SwitchChainError(error as Error)
        }
        if (Number(readAccount(portico, { namespace }).chainId) !== chainId)
          throw new SwitchChainError(new Error(`The wallet is still not on chain ${chainId}.`))
        config.emitter.emit('change', { chainId })
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((x) => getAddress(x)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      onConnect(connectInfo) {
        const accounts = toAddresses(readAccount(portico, { namespace }))
        if (accounts.length === 0) return
        // wagmi ignores this while it is connecting or reconnecting itself.
        config.emitter.emit('connect', { accounts, chainId: Number(connectInfo.chainId) })
      },

      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })

  /**
   * Resolves once Portico's silent reconnect has settled: at once unless it is under way or a
   * stored connection still waits for `initialize()` (then after at most `reconnectTimeout`).
   */
  function settled(): Promise<void> {
    if (!reconnecting()) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        for (const stop of stops) stop()
        portico.clock.clearTimeout(timer)
        resolve()
      }
      const check = () => {
        if (!reconnecting()) done()
      }
      const stops = [portico.stores.account.subscribe(check), portico.stores.connections.subscribe(check)]
      const timer = portico.clock.setTimeout(done, reconnectTimeout)
    })
  }

  function reconnecting() {
    const account = readAccount(portico, { namespace })
    if (account.status === 'reconnecting' || portico.stores.connections.getState().status === 'reconnecting') return true
    if (account.isConnected || !portico.options.enableReconnect) return false
    const stored = portico.storage.getConnectorId(namespace)
    return stored !== null && !portico.storage.isConnectorDisconnected(namespace, stored)
  }
}

function toAddresses(account: WatchedAccount): Address[] {
  return account.isConnected ? account.addresses.map((address) => getAddress(address)) : []
}
