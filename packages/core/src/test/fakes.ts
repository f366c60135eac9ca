import type { AdapterConnectResult, AdapterEvents, ChainAdapter } from '../adapter.js'
import type { ChainNamespace } from '../spec/caip.js'
import type { Connector } from '../connectors.js'
import { desktopEnvironment, memoryStorage, type Clock } from '../environment.js'
import { defineNetwork, type CaipNetwork } from '../networks.js'
import { createPortico } from '../createPortico.js'
import type { CreatePorticoOptions } from '../portico.js'

/**
 * Test doubles for core's unit tests. Core never talks to a wallet itself, so a scripted
 * adapter stands in; the real EVM adapter is tested against anvil in @portico/evm.
 */
export const devnet = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
export const devnet2 = defineNetwork({ ...devnet, id: 31338, name: 'Devnet 2' })
export const solanaDevnet = defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
})
/** The devnet's Bitcoin regtest (the contracts' CAIP-2: the regtest genesis hash's first 32 hex). */
export const bitcoinRegtest = defineNetwork({
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:18443'] } },
})

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export class ScriptedAdapter implements ChainAdapter {
  events!: AdapterEvents
  networks: readonly CaipNetwork[] = []
  connectors: Connector[]
  calls: string[] = []
  connectResult: () => Promise<AdapterConnectResult>
  reconnectResult: () => Promise<AdapterConnectResult | null>
  switchResult: (network: CaipNetwork) => Promise<void> = async () => {}
  balance = { value: '1234567890000000000', decimals: 18, symbol: 'ETH' }
  // Optional capabilities a test switches on by assigning them.
  addConnector?: ChainAdapter['addConnector']
  sendTransfer?: ChainAdapter['sendTransfer']
  estimateTransferFee?: ChainAdapter['estimateTransferFee']
  waitForTransaction?: ChainAdapter['waitForTransaction']
  resolveName?: ChainAdapter['resolveName']
  signMessage?: ChainAdapter['signMessage']
  getFeeRates?: ChainAdapter['getFeeRates']

  constructor(
    readonly namespace: ChainNamespace = 'eip155',
    connectors?: Connector[],
  ) {
    this.connectors = connectors ?? [
      { id: 'dev.portico.testwallet', name: 'Portico Test Wallet', type: 'ANNOUNCED', chain: namespace, info: { rdns: 'dev.portico.testwallet' } },
    ]
    const result = (): AdapterConnectResult => ({
      connectorId: this.connectors[0]!.id,
      accounts: [{ address: ADDRESS, type: 'eoa' }],
      caipNetworkId: this.networks[0]?.caipNetworkId ?? 'eip155:31337',
    })
    this.connectResult = async () => result()
    this.reconnectResult = async () => result()
  }
  setup({ networks, events }: { networks: readonly CaipNetwork[]; events: AdapterEvents }) {
    this.networks = networks
    this.events = events
  }
  watchConnectors(onChange: (connectors: Connector[]) => void) {
    onChange(this.connectors)
    return () => {}
  }
  async connect({ connectorId }: { connectorId: string }) {
    this.calls.push(`connect:${connectorId}`)
    return this.connectResult()
  }
  async reconnect({ connectorId }: { connectorId: string }) {
    this.calls.push(`reconnect:${connectorId}`)
    return this.reconnectResult()
  }
  async disconnect({ connectorId }: { connectorId: string }) {
    this.calls.push(`disconnect:${connectorId}`)
  }
  async switchNetwork({ caipNetwork }: { caipNetwork: CaipNetwork }) {
    this.calls.push(`switch:${caipNetwork.caipNetworkId}`)
    await this.switchResult(caipNetwork)
  }
  async getBalance() {
    return this.balance
  }
}

/** A clock whose time only moves when the test says so. */
export function fakeClock(): Clock & { advance(ms: number): void } {
  let now = 0
  let timers: Array<{ at: number; fn: () => void; id: number }> = []
  let nextId = 1
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++
      timers.push({ at: now + ms, fn, id })
      return id
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle)
    },
    advance(ms) {
      const until = now + ms
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0]
        if (!due) break
        timers = timers.filter((t) => t !== due)
        now = due.at
        due.fn()
      }
      now = until
    },
  }
}

export function testPortico(overrides: Partial<CreatePorticoOptions> = {}) {
  const adapter = new ScriptedAdapter()
  const clock = fakeClock()
  const storage = memoryStorage()
  const portico = createPortico({
    adapters: [adapter],
    networks: [devnet, devnet2],
    storage,
    clock,
    environment: desktopEnvironment,
    ...overrides,
  })
  return { portico, adapter, clock, storage }
}
