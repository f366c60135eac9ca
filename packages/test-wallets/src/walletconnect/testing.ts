/**
 * A dapp side for tests of the test wallet: a plain SignClient with its own in-memory storage and
 * prefix, Verify and telemetry off, pointed at a relay URL.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { memoryStorage } from './storage'
import { BIP122_EVENTS, BIP122_METHODS } from './bip122'
import { SOLANA_EVENTS } from './solana'
import { closeSignClient, EIP155_EVENTS, EIP155_METHODS } from './wallet'

/** What a dapp asks of a solana session (WalletConnect's Solana RPC). */
export const DAPP_SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']

export async function createTestDapp(relayUrl: string, projectId = 'portico-dev') {
  const client = await SignClient.init({
    projectId,
    relayUrl,
    metadata: { name: 'Portico test dapp', description: 'tests', url: 'http://127.0.0.1:5173', icons: [] },
    storage: memoryStorage(),
    customStoragePrefix: `portico-test-dapp-${Math.random().toString(36).slice(2)}`,
    telemetryEnabled: false,
    logger: 'silent',
  } as SignClientTypes.Options)
  client.core.verify.register = async () => ''
  client.core.verify.resolve = (async () => undefined) as never
  return {
    client,
    /** Starts a pairing for eip155, solana and/or bip122 chains: the URI to hand the wallet, and the session promise. */
    connect(chains: string[]) {
      const evm = chains.filter((c) => c.startsWith('eip155:'))
      const solana = chains.filter((c) => c.startsWith('solana:'))
      const bip122 = chains.filter((c) => c.startsWith('bip122:'))
      return client.connect({
        optionalNamespaces: {
          ...(evm.length ? { eip155: { chains: evm, methods: [...EIP155_METHODS], events: [...EIP155_EVENTS] } } : {}),
          ...(solana.length ? { solana: { chains: solana, methods: DAPP_SOLANA_METHODS, events: [...SOLANA_EVENTS] } } : {}),
          ...(bip122.length ? { bip122: { chains: bip122, methods: [...BIP122_METHODS], events: [...BIP122_EVENTS] } } : {}),
        },
      })
    },
    close: () => closeSignClient(client),
  }
}
