import { UnrecognizedChainError, type CaipNetwork } from '@portico/core'

/**
 * wallet_switchEthereumChain; a wallet that does not know the chain (4902) is offered to add it
 * (EIP-3085), then switched. Loaded on the first switch: a page's first load does not carry it.
 */
export async function switchChain(request: (method: string, params: unknown[]) => Promise<unknown>, caipNetwork: CaipNetwork) {
  const chainId = `0x${Number(caipNetwork.id).toString(16)}`
  try {
    await request('wallet_switchEthereumChain', [{ chainId }])
  } catch (error) {
    if (!(error instanceof UnrecognizedChainError)) throw error
    await request('wallet_addEthereumChain', [
      {
        chainId,
        chainName: caipNetwork.name,
        nativeCurrency: caipNetwork.nativeCurrency,
        rpcUrls: [...caipNetwork.rpcUrls.default.http],
        blockExplorerUrls: caipNetwork.blockExplorers ? [caipNetwork.blockExplorers.default.url] : undefined,
      },
    ])
    await request('wallet_switchEthereumChain', [{ chainId }])
  }
}
