/** Deploys and seeds the fixture contracts on one fresh anvil chain. */
import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import artifacts from './artifacts.json' with { type: 'json' }
import { DEV_ACCOUNTS, NFT_OWNERS, USDC_MINTED_PER_ACCOUNT } from './constants'

export const usdcAbi = artifacts.contracts.PorticoUSD.abi as Abi
export const nftAbi = artifacts.contracts.PorticoNFT.abi as Abi

export interface DeployedContracts {
  usdc: Address
  nft: Address
}

/** Dev account 0's wallet and a fast-polling reader on one devnet chain: what deploys the fixtures. */
export function deployerClients(opts: { rpcUrl: string; chainId: number }) {
  const chain = defineChain({
    id: opts.chainId,
    name: `devnet-${opts.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  })
  const transport = http(opts.rpcUrl)
  const account = privateKeyToAccount(DEV_ACCOUNTS[0].privateKey)
  return { account, wallet: createWalletClient({ account, chain, transport }), client: createPublicClient({ chain, transport, pollingInterval: 20 }) }
}

/**
 * Deploys USDC then the NFT from dev account 0 and mints the fixtures.
 * Transactions are sent back to back with explicit nonces (anvil automines each
 * one) and receipts are checked at the end: much faster than waiting per tx.
 */
export async function deployFixtures(opts: { rpcUrl: string; chainId: number; nftBaseURI: string }): Promise<DeployedContracts> {
  const { account, wallet, client } = deployerClients(opts)

  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const hashes: Hex[] = []

  hashes.push(
    await wallet.deployContract({
      abi: usdcAbi,
      bytecode: artifacts.contracts.PorticoUSD.bytecode as Hex,
      nonce: nonce++,
    }),
  )
  hashes.push(
    await wallet.deployContract({
      abi: nftAbi,
      bytecode: artifacts.contracts.PorticoNFT.bytecode as Hex,
      args: [opts.nftBaseURI],
      nonce: nonce++,
    }),
  )
  const [usdcReceipt, nftReceipt] = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
  // Receipts carry lowercase addresses; checksum them to match DEVNET_CONTRACTS.
  const usdc = getAddress(usdcReceipt.contractAddress!)
  const nft = getAddress(nftReceipt.contractAddress!)

  // Fixed gas: skips an eth_estimateGas round trip per mint.
  const gas = 200_000n
  for (const { address } of DEV_ACCOUNTS) {
    hashes.push(
      await wallet.writeContract({ address: usdc, abi: usdcAbi, functionName: 'mint', args: [address, USDC_MINTED_PER_ACCOUNT], nonce: nonce++, gas }),
    )
  }
  for (const [tokenId, ownerIndex] of Object.entries(NFT_OWNERS)) {
    hashes.push(
      await wallet.writeContract({
        address: nft,
        abi: nftAbi,
        functionName: 'mint',
        args: [DEV_ACCOUNTS[ownerIndex].address, BigInt(tokenId)],
        nonce: nonce++,
        gas,
      }),
    )
  }

  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
  const failed = receipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`fixture transaction ${failed.transactionHash} reverted on chain ${opts.chainId}`)
  return { usdc, nft }
}
