import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { NameRecordSchema } from '../api/schemas.js'
import { eip155ChainId } from '../spec/caip.js'
import { chainFamily } from '../spec/families/index.js'
import type { Portico } from '../portico.js'
import { evmChainIdToCoinType } from '../send/validateSend.js'
import { invalidAddressProblem, resolveNameProblem } from '../send/sendForm.js'
import { getIdentity } from './getIdentity.js'

export interface SetReceiverParameters {
  /** The receiver as typed: an address or a name. */
  input: string
}
export type SetReceiverReturnType = void
/** Never throws: a failed lookup is kept in `receiverError`. */
export type SetReceiverErrorType = never

/**
 * The send receiver: an address of the active chain family, or a name resolved through the
 * Portico name service (then the chain's own, e.g. ENS). Shows the resolved name and avatar;
 * anything else is 'Invalid address'.
 */
export async function setReceiver(portico: Portico, parameters: SetReceiverParameters): Promise<SetReceiverReturnType>
/** @deprecated use `setReceiver(portico, { input })` */
export async function setReceiver(portico: Portico, input: string): Promise<SetReceiverReturnType>
export async function setReceiver(portico: Portico, parameters: SetReceiverParameters | string): Promise<SetReceiverReturnType> {
  const { input } = typeof parameters === 'object' ? parameters : { input: parameters }
  const { send, network } = portico.stores
  const value = input.trim()
  const caipNetwork = network.getState().caipNetwork
  send.setState({
    receiverAddress: undefined,
    receiverProfileName: undefined,
    receiverProfileImageUrl: undefined,
    receiverError: undefined,
    receiverIsNew: undefined,
  })
  if (!value || !caipNetwork) return
  const family = chainFamily(caipNetwork.chainNamespace)
  if (family?.isAddress(value, caipNetwork.caipNetworkId)) {
    const address = family.toAddress(value)
    send.setState({ receiverAddress: address })
    void lookupIdentity(portico, address)
    void checkReceiverAccount(portico, address)
    return
  }
  // Neither an address of this chain family (SPEC §5) nor a name to resolve.
  if (!value.includes('.')) {
    send.setState({ receiverError: invalidAddressProblem })
    return
  }
  send.setState({ receiverResolving: true })
  try {
    const resolved =
      (await resolveWithServer(portico, value)) ?? (await portico.adapters.get(caipNetwork.chainNamespace)?.resolveName?.({ name: value, caipNetwork }))
    // The user typed something else meanwhile: that input decides the receiver.
    const typed = send.getState().receiverInput
    if (typed && typed.trim() !== value) return
    if (send.getState().receiverError !== undefined || !resolved) {
      send.setState({ receiverResolving: false, receiverError: resolveNameProblem() })
      return
    }
    send.setState({ receiverResolving: false, receiverAddress: resolved.address, receiverProfileName: value, receiverProfileImageUrl: resolved.avatar })
    void checkReceiverAccount(portico, resolved.address)
  } catch (error) {
    const reason = error instanceof HttpRequestError && error.status !== 404 ? error.reason : undefined
    send.setState({ receiverResolving: false, receiverError: resolveNameProblem(reason) })
  }
}

async function resolveWithServer(portico: Portico, name: string) {
  if (!portico.api) return null
  const cached = portico.cache.get<{ address: string; avatar?: string } | null>('name', name)
  if (cached !== undefined) return cached
  const caipNetwork = portico.stores.network.getState().caipNetwork!
  let record: v.InferOutput<typeof NameRecordSchema>
  try {
    record = v.parse(NameRecordSchema, await portico.api.get({ path: `v1/profile/account/${encodeURIComponent(name)}` }))
  } catch (error) {
    if (error instanceof HttpRequestError && error.status === 404) return null
    throw error
  }
  // ENSIP-11: an EVM chain's coin type derives from its chain id.
  const chainId = eip155ChainId(caipNetwork.caipNetworkId)
  const coinType = chainId === undefined ? undefined : String(evmChainIdToCoinType(chainId))
  const entry = (coinType && record.addresses[coinType]) ?? record.addresses['60'] ?? Object.values(record.addresses)[0]
  const result = entry ? { address: entry.address, avatar: record.attributes?.avatar } : null
  portico.cache.set('name', name, result)
  return result
}

async function lookupIdentity(portico: Portico, address: string) {
  try {
    const identity = await getIdentity(portico, { address, caipNetworkId: portico.stores.network.getState().caipNetwork?.caipNetworkId })
    if (identity?.name && portico.stores.send.getState().receiverAddress === address)
      portico.stores.send.setState({ receiverProfileName: identity.name, receiverProfileImageUrl: identity.avatar ?? undefined })
  } catch {
    // A receiver without identity is just an address.
  }
}

/**
 * Where the family's receiver rent rule applies (Solana: an address that holds no lamports has no
 * account yet, and a transfer that creates it must bring at least the rent-exempt minimum;
 * send/sendForm.ts holds that rule), the receiver's balance says which. Unknown (undefined) when
 * it cannot be read: the chain then has the last word.
 */
async function checkReceiverAccount(portico: Portico, address: string) {
  const caipNetwork = portico.stores.network.getState().caipNetwork
  const adapter = caipNetwork && portico.adapters.get(caipNetwork.chainNamespace)
  if (!caipNetwork || !chainFamily(caipNetwork.chainNamespace)?.receiverRent || !adapter) return
  try {
    const { value } = await adapter.getBalance({ address, caipNetwork })
    if (portico.stores.send.getState().receiverAddress === address) portico.stores.send.setState({ receiverIsNew: BigInt(value) === 0n })
  } catch (error) {
    portico.logger.debug('receiver balance unavailable', error)
  }
}
