import { eip155ChainId } from '@portico/core/spec'
import { createWalletClient, http, publicActions, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { SandboxOnramp } from './family.js'

const mintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

/** The sandbox onramp on eip155 devnets (the devnet's chains 31337 and 31338, or any configured one): its USDC's mint(to, amount). */
export const eip155Sandbox: SandboxOnramp = {
  network(chainId) {
    if (eip155ChainId(chainId) === undefined) return undefined
    const ref = chainId.slice('eip155:'.length)
    const name = ref === '31337' ? 'portico-devnet' : ref === '31338' ? 'portico-devnet-2' : `devnet-${ref}`
    return { name, display_name: `Portico Devnet ${ref} (sandbox)`, chain_id: ref }
  },
  async mint({ chainId: chain, rpcUrl, usdc, minterKey, to, units }) {
    const chainId = Number(chain.slice('eip155:'.length))
    const client = createWalletClient({
      account: privateKeyToAccount(minterKey as Hex),
      chain: {
        id: chainId,
        name: chain,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      },
      transport: http(rpcUrl, { timeout: 10_000 }),
      pollingInterval: 100,
    }).extend(publicActions)
    // Never mint against an endpoint that is not the configured chain.
    const actual = await client.getChainId()
    if (actual !== chainId) throw new Error(`The RPC for ${chain} reports chain ${actual}`)
    const hash = await client.writeContract({ address: usdc as Address, abi: mintAbi, functionName: 'mint', args: [to as Address, units] })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 })
    if (receipt.status !== 'success') throw new Error(`The mint transaction ${hash} reverted`)
    return hash
  },
}
