/**
 * Swap liquidity on one devnet chain: Uniswap's own V2 contracts (the compiled artifacts that
 * @uniswap/v2-core and @uniswap/v2-periphery ship), WETH9, a third token (DAI) and two pools
 * seeded at fixed prices. Deployed by dev account 0 right after the fixtures, so every address
 * is the same on every start and on both chains (DEVNET_SWAP in ./constants).
 */
import { createRequire } from 'node:module'
import { getAddress, maxUint256, parseAbi, type Abi, type Address, type Hex } from 'viem'
import artifacts from './artifacts.json' with { type: 'json' }
import { DEVNET_SWAP_POOLS, DEVNET_SWAP_TOKENS } from './constants'
import { deployerClients, usdcAbi } from './deploy'

const require = createRequire(import.meta.url)
interface Artifact {
  abi: Abi
  bytecode: string
}
const load = (path: string) => require(path) as Artifact
const weth9 = load('@uniswap/v2-periphery/build/WETH9.json')
const factory = load('@uniswap/v2-core/build/UniswapV2Factory.json')
const router02 = load('@uniswap/v2-periphery/build/UniswapV2Router02.json')
const tokenAbi = artifacts.contracts.PorticoToken.abi as Abi
const hex = (bytecode: string) => (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex

/** The Router02 ABI parts Portico uses (quotes, swaps, liquidity). */
export const uniswapV2RouterAbi = router02.abi
export const uniswapV2FactoryAbi = factory.abi
export const uniswapV2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
])
export const wethAbi = weth9.abi

export interface DeployedSwap {
  weth: Address
  factory: Address
  router: Address
  dai: Address
  pairs: { wethUsdc: Address; wethDai: Address }
}

export async function deploySwapPools(opts: { rpcUrl: string; chainId: number; usdc: Address }): Promise<DeployedSwap> {
  const { account, wallet, client } = deployerClients(opts)
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const receipt = async (hash: Hex) => {
    const r = await client.waitForTransactionReceipt({ hash })
    if (r.status !== 'success') throw new Error(`swap fixture transaction ${hash} reverted on chain ${opts.chainId}`)
    return r
  }

  const deploys = [
    await wallet.deployContract({ abi: weth9.abi, bytecode: hex(weth9.bytecode), nonce: nonce++ }),
    await wallet.deployContract({ abi: factory.abi, bytecode: hex(factory.bytecode), args: [account.address], nonce: nonce++ }),
  ]
  const [wethAddress, factoryAddress] = (await Promise.all(deploys.map(receipt))).map((r) => getAddress(r.contractAddress!))
  const more = [
    await wallet.deployContract({ abi: router02.abi, bytecode: hex(router02.bytecode), args: [factoryAddress, wethAddress], nonce: nonce++ }),
    await wallet.deployContract({
      abi: tokenAbi,
      bytecode: artifacts.contracts.PorticoToken.bytecode as Hex,
      args: [DEVNET_SWAP_TOKENS.dai.name, DEVNET_SWAP_TOKENS.dai.symbol, DEVNET_SWAP_TOKENS.dai.decimals],
      nonce: nonce++,
    }),
  ]
  const [router, dai] = (await Promise.all(more.map(receipt))).map((r) => getAddress(r.contractAddress!))

  // Each pool: mint the token's side to account 0, approve the router, add it against ETH (wrapped by the router).
  const gas = 5_000_000n
  const deadline = 2n ** 40n
  const pools = [
    { token: opts.usdc, abi: usdcAbi, ...DEVNET_SWAP_POOLS.wethUsdc },
    { token: dai, abi: tokenAbi, ...DEVNET_SWAP_POOLS.wethDai },
  ]
  const hashes: Hex[] = []
  for (const pool of pools) {
    hashes.push(
      await wallet.writeContract({
        address: pool.token,
        abi: pool.abi,
        functionName: 'mint',
        args: [account.address, pool.tokenAmount],
        nonce: nonce++,
        gas: 200_000n,
      }),
    )
    hashes.push(
      await wallet.writeContract({ address: pool.token, abi: pool.abi, functionName: 'approve', args: [router, maxUint256], nonce: nonce++, gas: 100_000n }),
    )
    hashes.push(
      await wallet.writeContract({
        address: router,
        abi: router02.abi,
        functionName: 'addLiquidityETH',
        args: [pool.token, pool.tokenAmount, pool.tokenAmount, pool.ethAmount, account.address, deadline],
        value: pool.ethAmount,
        nonce: nonce++,
        gas,
      }),
    )
  }
  await Promise.all(hashes.map(receipt))
  const pairOf = (token: Address) =>
    client.readContract({ address: factoryAddress, abi: factory.abi, functionName: 'getPair', args: [wethAddress, token] }) as Promise<Address>
  const [wethUsdc, wethDai] = await Promise.all([pairOf(opts.usdc), pairOf(dai)])
  return { weth: wethAddress, factory: factoryAddress, router, dai, pairs: { wethUsdc: getAddress(wethUsdc), wethDai: getAddress(wethDai) } }
}
