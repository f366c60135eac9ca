import { ProviderRequestError, type AdapterBalance, type CaipNetwork, type RpcHost, type TransferParameters } from '@portico/core'
import type { TransactionQueue } from './schemas.js'
import { chainTransport } from './transport.js'

/** viem loads on demand: a host page that never sends pays nothing for it. */
async function viem() {
  const [{ createClient, http, encodeFunctionData, erc20Abi }, actions] = await Promise.all([import('viem'), import('viem/actions')])
  return { createClient, http, encodeFunctionData, erc20Abi, actions }
}

async function rpc(caipNetwork: CaipNetwork, rpcHost?: RpcHost) {
  const [v, transport] = await Promise.all([viem(), chainTransport(caipNetwork, rpcHost)])
  return { ...v, client: v.createClient({ transport }) }
}

/**
 * SPEC §4 'Send' on EVM: with a token address an ERC20 transfer(to, amount) call; without one a
 * native send with data 0x.
 */
export async function buildTransferRequest({ from, to, amount, tokenAddress }: TransferParameters) {
  if (!tokenAddress) return { from, to, value: `0x${amount.toString(16)}`, data: '0x' as const }
  const { encodeFunctionData, erc20Abi } = await viem()
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as `0x${string}`, amount] })
  return { from, to: tokenAddress, value: '0x0', data }
}

/** A wallet may have moved to another chain on its own: never send on the wrong one. */
export function assertChain(chainId: string, caipNetwork: CaipNetwork) {
  if (Number.parseInt(chainId, 16) !== Number(caipNetwork.id))
    throw new ProviderRequestError({ details: `The wallet is on chain ${Number.parseInt(chainId, 16)}, not ${caipNetwork.id}` })
}

/** A prepared contract call (a swap or its approval) as eth_sendTransaction's request (hex quantities). */
export function buildCallRequest(parameters: { from: string; to: string; data: `0x${string}`; value: bigint; gas?: bigint }) {
  return {
    from: parameters.from,
    to: parameters.to,
    data: parameters.data,
    value: `0x${parameters.value.toString(16)}`,
    ...(parameters.gas ? { gas: `0x${parameters.gas.toString(16)}` } : {}),
  }
}

export async function estimateTransferFee(parameters: TransferParameters & { rpcHost?: RpcHost }): Promise<AdapterBalance> {
  const { client, actions } = await rpc(parameters.caipNetwork, parameters.rpcHost)
  const request = await buildTransferRequest(parameters)
  const [gas, fees] = await Promise.all([
    actions.estimateGas(client, {
      account: request.from as `0x${string}`,
      to: request.to as `0x${string}`,
      value: BigInt(request.value),
      data: request.data,
    }),
    actions.estimateFeesPerGas(client).catch(async () => ({ maxFeePerGas: await actions.getGasPrice(client) })),
  ])
  const { nativeCurrency } = parameters.caipNetwork
  return { value: (gas * (fees.maxFeePerGas ?? 0n)).toString(), decimals: nativeCurrency.decimals, symbol: nativeCurrency.symbol }
}

/** The receipt's status; a transaction the wallet queued (a multi-signer Safe) is first followed until executed. */
export async function waitForTransaction({
  hash,
  caipNetwork,
  rpcHost,
  queue,
}: {
  hash: string
  caipNetwork: CaipNetwork
  rpcHost?: RpcHost
  queue?: TransactionQueue
}) {
  const chainHash = queue ? await queue.executed(hash) : hash
  const { client, actions } = await rpc(caipNetwork, rpcHost)
  const receipt = await actions.waitForTransactionReceipt(client, { hash: chainHash as `0x${string}`, pollingInterval: 250, timeout: 120_000 })
  return { status: receipt.status, hash: chainHash }
}

export async function resolveEnsName({ name, caipNetwork, rpcHost }: { name: string; caipNetwork: CaipNetwork; rpcHost?: RpcHost }) {
  // ENS lives on Ethereum mainnet; other chains (the devnet) have none.
  if (caipNetwork.caipNetworkId !== 'eip155:1') return null
  const { client, actions } = await rpc(caipNetwork, rpcHost)
  const { normalize } = await import('viem/ens')
  const address = await actions.getEnsAddress(client, { name: normalize(name) })
  if (!address) return null
  const avatar = await actions.getEnsAvatar(client, { name: normalize(name) }).catch(() => null)
  return { address, avatar: avatar ?? undefined }
}
