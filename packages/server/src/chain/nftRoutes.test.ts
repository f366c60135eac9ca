import { nftAbi, startDevnet, type Devnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devClients, devnetServerConfig, waitFor } from './testing.js'
import { startTestServer } from '../testing.js'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  server = await startTestServer(devnetServerConfig(devnet))
})
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const nfts = async (address: string) => {
  const res = await fetch(`${server.url}/v1/account/${address}/nfts?projectId=portico-dev&chainId=eip155:${devnet.chains[0]!.chainId}`)
  return { status: res.status, body: (await res.json()) as { nfts: Array<{ contract: string; tokenId: string; name: string; image: string | null }> } }
}

describe('GET /v1/account/{address}/nfts', () => {
  test('lists the ERC721 tokens an address holds, with metadata from the fixtures', async () => {
    const [a0] = devnet.accounts
    const held = await waitFor(
      async () => {
        const { body } = await nfts(a0!.address)
        return body.nfts.length === 3 ? body.nfts : null
      },
      { what: 'the indexer to see the fixture mints', timeoutMs: 30_000 },
    )
    expect(held.map((n) => n.tokenId)).toEqual(['1', '2', '3'])
    // The image through the server's proxy (the metadata's own URL is the contract's choice).
    expect(held[0]).toMatchObject({ name: 'Portico Punks #1', image: `${server.url}/icons/nft/eip155%3A31337/${held[0]!.contract}/1` })
  })

  test('a transfer moves the token to its new owner', async () => {
    const [a0, a1] = devnet.accounts
    const { wallet, client: publicClient } = devClients(devnet.chains[0]!, a0!.privateKey)
    const hash = await wallet.writeContract({ address: devnet.chains[0]!.nft, abi: nftAbi, functionName: 'transferFrom', args: [a0!.address, a1!.address, 2n] })
    await publicClient.waitForTransactionReceipt({ hash })
    const held = await waitFor(
      async () => {
        const { body } = await nfts(a1!.address)
        return body.nfts.length === 3 ? body.nfts : null
      },
      { what: 'the transfer to be indexed', timeoutMs: 30_000 },
    )
    expect(held.map((n) => n.tokenId)).toEqual(['2', '4', '5'])
    expect((await nfts(a0!.address)).body.nfts.map((n) => n.tokenId)).toEqual(['1', '3'])
  })

  test('error: a bad address or chain is 400', async () => {
    expect((await nfts('0xnope')).status).toBe(400)
    const res = await fetch(`${server.url}/v1/account/${devnet.accounts[0]!.address}/nfts?projectId=portico-dev&chainId=eip155:1`)
    expect(res.status).toBe(400)
  })
})
