import type { ChainNamespace } from '../../spec/caip.js'
import { ProviderRpcError, toProviderRpcError } from '../../errors/provider.js'
import { ErrorText, ProviderErrorCode } from '../../spec/catalogue.js'
import { batchCallsProblem } from '../../spec/calls.js'
import type { Portico } from '../../portico.js'
import { requestConnection } from '../requestConnection.js'
import { switchNetwork } from '../switchNetwork.js'
import { readAccount, type WatchedAccount } from '../readAccount.js'
import { raiseProviderAlert } from './raiseProviderAlert.js'

const hex = (chainId: WatchedAccount['chainId']) => `0x${Number(chainId).toString(16)}`

/**
 * Methods that spend or sign for one chain: refused while the wallet is on a chain the host
 * did not configure (SPEC 'allowUnsupportedChain'), as the modal's own send is.
 */
const CHAIN_BOUND_METHODS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sendRawTransaction',
  'eth_signTypedData_v4',
  'wallet_sendCalls',
  'eth_sendUserOperation',
])

/** The public EIP-1193 provider's requests (loaded on the first one): see getProvider. */
export async function eip1193Request(portico: Portico, namespace: ChainNamespace, { method, params }: { method: string; params?: unknown }): Promise<unknown> {
  if (typeof method !== 'string' || !method) throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'A request needs a method name')
  const account = readAccount(portico, { namespace })
  switch (method) {
    case 'eth_accounts':
      return account.isConnected ? account.addresses : []
    case 'eth_requestAccounts':
      // A host asking for accounts while disconnected opens the modal, as a wallet would prompt.
      return (await requestConnection(portico, { namespace }).catch(rejected)).addresses
    case 'eth_chainId':
      if (!account.isConnected) throw disconnected()
      return hex(account.chainId)
    case 'wallet_switchEthereumChain':
      if (!account.isConnected) throw disconnected()
      return switchChain(portico, namespace, params)
  }
  if (!account.isConnected) throw disconnected()
  const { unsupported } = portico.stores.network.getState()
  if (unsupported && !portico.options.allowUnsupportedChain && CHAIN_BOUND_METHODS.has(method))
    throw new ProviderRpcError(ProviderErrorCode.chainDisconnected, `The wallet is on chain ${account.chainId}, which this site does not support`)
  // SPEC §5's rule for batched calls, before any wallet (and its prompt) sees the batch.
  if (method === 'wallet_sendCalls' && batchCallsProblem((Array.isArray(params) ? (params[0] as { calls?: unknown }) : undefined)?.calls))
    throw new ProviderRpcError(ProviderErrorCode.invalidParams, ErrorText.invalidBatchedCalls)
  const wallet = walletProvider(portico, namespace, account)
  try {
    return await wallet.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    raiseProviderAlert(portico, error)
    throw toProviderRpcError(error)
  }
}

/** Through Portico's own switch, so the modal, the stores and the wallet agree. */
async function switchChain(portico: Portico, namespace: ChainNamespace, params: unknown) {
  const chainId = Number.parseInt((Array.isArray(params) ? (params[0] as { chainId?: unknown })?.chainId : undefined) as string, 16)
  if (!Number.isSafeInteger(chainId)) throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'wallet_switchEthereumChain needs [{ chainId: hex }]')
  const target = portico.options.networks.find((n) => n.chainNamespace === namespace && Number(n.id) === chainId)
  if (!target) {
    if (!portico.options.allowUnsupportedChain)
      throw new ProviderRpcError(ProviderErrorCode.unrecognizedChain, `Chain ${chainId} is not configured on this site`)
    return walletProvider(portico, namespace, readAccount(portico, { namespace }))
      .request({ method: 'wallet_switchEthereumChain', params })
      .catch((error) => {
        raiseProviderAlert(portico, error)
        throw toProviderRpcError(error)
      })
  }
  try {
    await switchNetwork(portico, { caipNetworkId: target.caipNetworkId })
  } catch (error) {
    // SwitchNetworkError wraps the wallet's answer; its code (4001, 4902, …) is what a host needs.
    throw toProviderRpcError(error instanceof Error && error.cause ? error.cause : error)
  }
  return null
}

function walletProvider(portico: Portico, namespace: ChainNamespace, account: WatchedAccount) {
  const adapter = portico.adapters.get(namespace)
  const wallet = account.connectorId ? adapter?.getProvider?.(account.connectorId) : undefined
  if (!isEip1193(wallet)) throw new ProviderRpcError(ProviderErrorCode.disconnected, 'The connected wallet has no provider')
  return wallet
}

function disconnected() {
  return new ProviderRpcError(ProviderErrorCode.disconnected, 'No wallet is connected')
}

function rejected(error: unknown): never {
  throw new ProviderRpcError(ProviderErrorCode.userRejectedRequest, 'User rejected the request.', { cause: error })
}

function isEip1193(value: unknown): value is { request(args: { method: string; params?: unknown }): Promise<unknown> } {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}
