// @vitest-environment node
import { createPublicClient, http, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS, DEVNET_CONTRACTS, NFT_OWNERS, USDC_MINTED_PER_ACCOUNT, nftAbi, startDevnet, usdcAbi, type Devnet } from './index'

let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
}, 30_000)

afterAll(async () => {
  await devnet?.stop()
})

const client = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })

describe('startDevnet', () => {
  it('starts two chains answering their chain ids, with deterministic contract addresses', async () => {
    expect(devnet.chains.map((c) => c.chainId)).toEqual([31337, 31338])
    expect(devnet.chains.map((c) => c.name)).toEqual(['Portico Devnet', 'Portico Devnet 2'])
    for (const chain of devnet.chains) {
      expect(await client(chain.rpcUrl).getChainId()).toBe(chain.chainId)
      expect(chain.usdc).toBe(DEVNET_CONTRACTS.usdc)
      expect(chain.nft).toBe(DEVNET_CONTRACTS.nft)
    }
    expect(devnet.accounts).toEqual(DEV_ACCOUNTS)
  })

  it('deploys USDC with 6 decimals and mints 10,000 to accounts 0-4 on each chain', async () => {
    for (const chain of devnet.chains) {
      const c = client(chain.rpcUrl)
      const read = (functionName: string, args: unknown[] = []) => c.readContract({ address: chain.usdc, abi: usdcAbi, functionName, args })
      expect(await read('decimals')).toBe(6)
      expect(await read('symbol')).toBe('USDC')
      expect(await read('name')).toBe('USD Coin')
      for (const { address } of devnet.accounts) {
        expect(await read('balanceOf', [address])).toBe(USDC_MINTED_PER_ACCOUNT)
      }
    }
  })

  it('mints NFTs whose tokenURI metadata and image are served by the fixtures server', async () => {
    const chain = devnet.chains[1]
    const c = client(chain.rpcUrl)
    for (const [tokenId, owner] of Object.entries(NFT_OWNERS)) {
      const actual = await c.readContract({ address: chain.nft, abi: nftAbi, functionName: 'ownerOf', args: [BigInt(tokenId)] })
      expect(actual).toBe(devnet.accounts[owner].address as Address)
    }

    const uri = (await c.readContract({ address: chain.nft, abi: nftAbi, functionName: 'tokenURI', args: [4n] })) as string
    expect(uri).toBe(`${devnet.fixturesUrl}/nft/31338/4.json`)

    const res = await fetch(uri)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const meta = (await res.json()) as { name: string; image: string }
    expect(meta.name).toBe('Portico Punks #4')

    const img = await fetch(meta.image)
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await img.text()
    expect(svg).toContain('<svg')
    // Distinct per token.
    expect(await (await fetch(meta.image.replace('/4.svg', '/5.svg'))).text()).not.toBe(svg)

    expect((await fetch(`${devnet.fixturesUrl}/nft/1/1.json`)).status).toBe(404)
  })

  it('stop() kills anvil and closes the fixtures server', async () => {
    const extra = await startDevnet({ randomPorts: true, skipFixtures: true })
    await extra.stop()
    await expect(fetch(extra.chains[0].rpcUrl, { method: 'POST' })).rejects.toThrow()
    await expect(fetch(extra.fixturesUrl)).rejects.toThrow()
  })
})
