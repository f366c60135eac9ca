/**
 * The devnet's Chainlink-style ETH/USD feed (contracts/PorticoPriceFeed.sol, AggregatorV3Interface):
 * deployed on every chain from its own account (anvil's account 5, nonce 0), so it sits at
 * DEVNET_PRICE_FEEDS.ethUsd without moving the fixtures' addresses. The server's --dev
 * configuration reads ETH's price from it through the same code path as a real feed.
 */
import { getAddress, type Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import artifacts from './artifacts.json' with { type: 'json' }
import { DEVNET_PRICE_FEED_DEPLOYER, DEVNET_PRICE_FEEDS, DEVNET_ETH_USD } from './constants'
import { deployerClients } from './deploy'

export const priceFeedAbi = artifacts.contracts.PorticoPriceFeed.abi as Abi

export async function deployPriceFeeds(opts: { rpcUrl: string; chainId: number }): Promise<{ ethUsd: `0x${string}` }> {
  const { client, wallet } = deployerClients(opts)
  const hash = await wallet.deployContract({
    account: privateKeyToAccount(DEVNET_PRICE_FEED_DEPLOYER),
    abi: priceFeedAbi,
    bytecode: artifacts.contracts.PorticoPriceFeed.bytecode as Hex,
    args: [DEVNET_ETH_USD.decimals, 'ETH / USD', DEVNET_ETH_USD.answer],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`price feed deployment reverted on chain ${opts.chainId}`)
  const ethUsd = getAddress(receipt.contractAddress)
  if (ethUsd !== DEVNET_PRICE_FEEDS.ethUsd) throw new Error(`price feed at ${ethUsd}, expected ${DEVNET_PRICE_FEEDS.ethUsd} (account 5 was used before)`)
  return { ethUsd }
}
