/**
 * The devnet Safe's address for an owner, as the chain computes it: permissionless' toSafeSmartAccount
 * (DEVNET_AA's contracts, what the secure frame builds) gives the factory call, and the EntryPoint's
 * getSenderAddress runs that call (SafeProxyFactory.createProxyWithNonce) in a simulation. Node only,
 * for tests and journeys (permissionless is a dev dependency here).
 */
import { toSafeSmartAccount } from 'permissionless/accounts'
import { getSenderAddress } from 'permissionless/actions'
import { createPublicClient, http, type Address } from 'viem'
import { toAccount } from 'viem/accounts'
import { DEVNET_AA } from './constants'

type SafeParameters = Parameters<typeof toSafeSmartAccount>[0]

/**
 * The devnet's Safe for one owner: permissionless' toSafeSmartAccount (Safe 1.4.1, EntryPoint 0.7)
 * on DEVNET_AA's contracts, what the secure frame builds. The one spelling of these options for
 * tests and journeys.
 */
export function toDevnetSafe(client: SafeParameters['client'], owner: SafeParameters['owners'][number]) {
  return toSafeSmartAccount({
    client,
    owners: [owner],
    version: '1.4.1',
    entryPoint: { address: DEVNET_AA.entryPoint, version: '0.7' },
    safe4337ModuleAddress: DEVNET_AA.safe4337Module,
    safeProxyFactoryAddress: DEVNET_AA.safeProxyFactory,
    safeSingletonAddress: DEVNET_AA.safeSingleton,
    safeModuleSetupAddress: DEVNET_AA.safeModuleSetup,
    multiSendAddress: DEVNET_AA.multiSend,
    multiSendCallOnlyAddress: DEVNET_AA.multiSendCallOnly,
  })
}

export async function devnetSafeAddress({ rpcUrl, owner }: { rpcUrl: string; owner: Address }): Promise<Address> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const refuse = async (): Promise<never> => {
    throw new Error('an address-only owner does not sign')
  }
  const account = await toDevnetSafe(client, toAccount({ address: owner, signMessage: refuse, signTransaction: refuse, signTypedData: refuse }))
  // Deployed already, the factory's call would fail (the address is taken): then the deployed Safe
  // must be at permissionless' CREATE2 address and have the owner (safeOwners reads it).
  const { factory, factoryData } = await account.getFactoryArgs()
  if (!factory || !factoryData) return account.getAddress()
  return getSenderAddress(client, { factory, factoryData, entryPointAddress: DEVNET_AA.entryPoint })
}

/** The owners of a deployed Safe (Safe.getOwners()). */
export async function safeOwners({ rpcUrl, safe }: { rpcUrl: string; safe: Address }): Promise<readonly Address[]> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  return client.readContract({ address: safe, abi: GET_OWNERS, functionName: 'getOwners' })
}
const GET_OWNERS = [{ type: 'function', name: 'getOwners', stateMutability: 'view', inputs: [], outputs: [{ type: 'address[]' }] }] as const
