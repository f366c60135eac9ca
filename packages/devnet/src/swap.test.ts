// @vitest-environment node
import { createPublicClient, createWalletClient, defineChain, encodePacked, getContractAddress, http, keccak256, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEV_ACCOUNTS,
  DEVNET_CONTRACTS,
  DEVNET_SWAP,
  DEVNET_SWAP_POOLS,
  USDC_MINTED_PER_ACCOUNT,
  startDevnet,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  usdcAbi,
  type Devnet,
} from './index'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
}, 30_000)
afterAll(async () => {
  await devnet?.stop()
})

const usdc = DEVNET_CONTRACTS.usdc as Address
const sorted = (a: Address, b: Address) => (a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a])

describe('Uniswap V2 on the devnet', () => {
  it('is deployed at the recorded addresses on both chains', () => {
    for (const chain of devnet.chains) {
      const { pairInitCodeHash: _, ...addresses } = DEVNET_SWAP
      expect(chain.swap).toEqual(addresses)
    }
  })

  it("the router's pair addresses (CREATE2 with its init code hash) are the factory's pairs: the hash is the pair bytecode's", () => {
    const require = createRequire(import.meta.url)
    const pair = require('@uniswap/v2-core/build/UniswapV2Pair.json') as { bytecode: string }
    expect(keccak256(`0x${pair.bytecode.replace(/^0x/, '')}`)).toBe(DEVNET_SWAP.pairInitCodeHash)
    const router = require('@uniswap/v2-periphery/build/UniswapV2Router02.json') as { bytecode: string }
    expect(router.bytecode).toContain(DEVNET_SWAP.pairInitCodeHash.slice(2))
    for (const [token, pairAddress] of [
      [usdc, DEVNET_SWAP.pairs.wethUsdc],
      [DEVNET_SWAP.dai, DEVNET_SWAP.pairs.wethDai],
    ] as const) {
      const [token0, token1] = sorted(DEVNET_SWAP.weth, token)
      const salt = keccak256(encodePacked(['address', 'address'], [token0!, token1!]))
      expect(getContractAddress({ opcode: 'CREATE2', from: DEVNET_SWAP.factory, salt, bytecodeHash: DEVNET_SWAP.pairInitCodeHash })).toBe(pairAddress)
    }
  })

  it('pools hold the stated reserves, account 0 keeps its 10,000 USDC, and quotes follow 1 ETH = 3,000', async () => {
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const [reserve0, reserve1] = await client.readContract({ address: DEVNET_SWAP.pairs.wethUsdc, abi: uniswapV2PairAbi, functionName: 'getReserves' })
      const wethFirst = DEVNET_SWAP.weth.toLowerCase() < usdc.toLowerCase()
      expect(wethFirst ? [reserve0, reserve1] : [reserve1, reserve0]).toEqual([DEVNET_SWAP_POOLS.wethUsdc.ethAmount, DEVNET_SWAP_POOLS.wethUsdc.tokenAmount])
      expect(await client.readContract({ address: usdc, abi: usdcAbi, functionName: 'balanceOf', args: [DEV_ACCOUNTS[0].address] })).toBe(
        USDC_MINTED_PER_ACCOUNT,
      )
      const amounts = (await client.readContract({
        address: DEVNET_SWAP.router,
        abi: uniswapV2RouterAbi,
        functionName: 'getAmountsOut',
        args: [parseEther('1'), [DEVNET_SWAP.weth, usdc]],
      })) as bigint[]
      // 0.3 % fee and 1 % of the pool's depth: 2,961.47 USDC.
      expect(amounts[1]).toBe(2_961_474_103n)
    }
  })

  it('swaps USDC for DAI through WETH (no direct pool) on chain', async () => {
    const chain = devnet.chains[0]!
    const account = privateKeyToAccount(DEV_ACCOUNTS[3].privateKey)
    const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrls: { default: { http: [chain.rpcUrl] } } })
    const wallet = createWalletClient({ account, transport: http(chain.rpcUrl), chain: viemChain })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const path = [usdc, DEVNET_SWAP.weth, DEVNET_SWAP.dai]
    const amountIn = 100n * 10n ** 6n
    const quoted = (
      (await client.readContract({ address: DEVNET_SWAP.router, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amountIn, path] })) as bigint[]
    )[2]!
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({ address: usdc, abi: usdcAbi, functionName: 'approve', args: [DEVNET_SWAP.router, amountIn] }),
    })
    const hash = await wallet.writeContract({
      address: DEVNET_SWAP.router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, quoted, path, account.address, 2n ** 40n],
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.readContract({ address: DEVNET_SWAP.dai, abi: usdcAbi, functionName: 'balanceOf', args: [account.address] })).toBe(quoted)
    expect(quoted).toBeGreaterThan(99n * 10n ** 18n)
  })
})
