/**
 * Tiny HTTP server for off-chain fixtures: NFT metadata JSON and generated SVG
 * images. Lets dapps exercise tokenURI -> metadata -> image without internet.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { NFT_NAME, nftImageUrl } from './constants'

export interface FixturesServer {
  url: string
  server: Server
  close(): Promise<void>
}

export async function startFixturesServer(opts: { host: string; port: number; chainIds: number[] }): Promise<FixturesServer> {
  let url = ''
  const server = createServer((req, res) => {
    // Fixtures are public test data: any origin may read them.
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-methods', 'GET, HEAD, OPTIONS')
    res.setHeader('access-control-allow-headers', '*')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end()

    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/' || path === '/health') {
      return send(res, 200, 'application/json', JSON.stringify({ ok: true, chainIds: opts.chainIds }))
    }
    const match = /^\/nft\/(\d+)\/(\d+)\.(json|svg)$/.exec(path)
    const chainId = Number(match?.[1])
    const tokenId = Number(match?.[2])
    if (!match || !opts.chainIds.includes(chainId) || tokenId < 1 || !Number.isSafeInteger(tokenId)) {
      return send(res, 404, 'application/json', JSON.stringify({ error: 'not found' }))
    }
    if (match[3] === 'svg') return send(res, 200, 'image/svg+xml', tokenSvg(chainId, tokenId))
    return send(res, 200, 'application/json', JSON.stringify(tokenMetadata(url, chainId, tokenId), null, 2))
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  url = `http://${opts.host}:${port}`
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: import('node:http').ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' })
  res.end(body)
}

/** ERC721 metadata (the de-facto OpenSea shape: name, description, image, attributes). */
export function tokenMetadata(fixturesUrl: string, chainId: number, tokenId: number) {
  const { hue, eyes, mouth } = traits(chainId, tokenId)
  return {
    name: `${NFT_NAME} #${tokenId}`,
    description: `Test NFT #${tokenId} on Portico devnet chain ${chainId}. Not a real asset.`,
    image: nftImageUrl(fixturesUrl, chainId, tokenId),
    attributes: [
      { trait_type: 'Hue', value: hue },
      { trait_type: 'Eyes', value: eyes },
      { trait_type: 'Mouth', value: mouth },
    ],
  }
}

const EYES = ['round', 'wide', 'sleepy'] as const
const MOUTHS = ['smile', 'flat', 'open'] as const

/** Deterministic per (chain, token) so every token looks different but stable. */
function traits(chainId: number, tokenId: number) {
  const seed = (tokenId * 2654435761 + chainId * 40503) >>> 0
  return {
    hue: (tokenId * 67 + (chainId % 7) * 29) % 360,
    eyes: EYES[seed % EYES.length],
    mouth: MOUTHS[(seed >>> 8) % MOUTHS.length],
  }
}

export function tokenSvg(chainId: number, tokenId: number): string {
  const { hue, eyes, mouth } = traits(chainId, tokenId)
  const eyeRy = eyes === 'wide' ? 9 : eyes === 'sleepy' ? 3 : 6
  const mouthPath = mouth === 'smile' ? 'M44 84 Q64 100 84 84' : mouth === 'flat' ? 'M46 88 L82 88' : 'M54 84 Q64 100 74 84 Z'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" fill="hsl(${hue} 70% 85%)"/>
<circle cx="64" cy="66" r="40" fill="hsl(${(hue + 180) % 360} 60% 55%)"/>
<ellipse cx="50" cy="58" rx="6" ry="${eyeRy}" fill="#111"/>
<ellipse cx="78" cy="58" rx="6" ry="${eyeRy}" fill="#111"/>
<path d="${mouthPath}" stroke="#111" stroke-width="4" fill="${mouth === 'open' ? '#111' : 'none'}" stroke-linecap="round"/>
<text x="64" y="122" font-family="monospace" font-size="11" text-anchor="middle" fill="#222">#${tokenId} · ${chainId}</text>
</svg>`
}
