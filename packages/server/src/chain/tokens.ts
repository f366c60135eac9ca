import { erc20Abi, getAddress, parseAbi } from 'viem'
import type { ServerContext } from '../context.js'
import { safeFetch, SafeFetchError } from '../services/safeFetch.js'
import { configuredToken } from './assets.js'

export const erc721Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
])

export interface TokenMetadata {
  name: string | null
  symbol: string | null
  decimals: number | null
}

const FAILURE_RETRY_MS = 5 * 60_000
const METADATA_TIMEOUT_MS = 3_000
const METADATA_MAX_BYTES = 256 * 1024

type TokenKind = 'erc20' | 'erc721'

/**
 * ERC20 name/symbol/decimals or ERC721 collection name/symbol: from config for configured tokens,
 * else read from the chain once and kept in token_metadata. Never throws.
 */
export async function tokenMetadata(ctx: ServerContext, chainId: string, address: string, kind: TokenKind): Promise<TokenMetadata> {
  const configured = configuredToken(ctx.config, chainId, address)
  if (configured) return { name: configured.name, symbol: configured.symbol, decimals: configured.decimals }
  const lower = address.toLowerCase()
  try {
    const [row] = await ctx.db.query<{ name: string | null; symbol: string | null; decimals: number | null; ok: boolean }>(
      `select name, symbol, decimals, (name is not null or fetched_at > now() - interval '5 minutes') as ok
       from token_metadata where chain_id = $1 and address = $2`,
      [chainId, lower],
    )
    if (row?.ok) return { name: row.name, symbol: row.symbol, decimals: row.decimals }
  } catch (error) {
    ctx.log('token metadata cache read failed', error)
  }
  const client = ctx.evmClient(chainId)
  if (!client) return { name: null, symbol: null, decimals: null }
  const contract = getAddress(lower)
  const abi = kind === 'erc20' ? erc20Abi : erc721Abi
  const read = async <T>(functionName: 'name' | 'symbol' | 'decimals'): Promise<T | null> => {
    try {
      return (await client.readContract({ address: contract, abi: abi as typeof erc20Abi, functionName })) as T
    } catch {
      return null
    }
  }
  const [name, symbol, decimals] = await Promise.all([
    read<string>('name'),
    read<string>('symbol'),
    kind === 'erc20' ? read<number>('decimals') : Promise.resolve(null),
  ])
  const meta: TokenMetadata = {
    name: typeof name === 'string' ? name.slice(0, 128) : null,
    symbol: typeof symbol === 'string' ? symbol.slice(0, 32) : null,
    decimals: typeof decimals === 'number' && decimals >= 0 && decimals <= 255 ? decimals : null,
  }
  await ctx.db
    .query(
      `insert into token_metadata (chain_id, address, kind, name, symbol, decimals) values ($1, $2, $3, $4, $5, $6)
       on conflict (chain_id, address) do update set kind = excluded.kind, name = excluded.name, symbol = excluded.symbol,
         decimals = excluded.decimals, fetched_at = now()`,
      [chainId, lower, kind, meta.name, meta.symbol, meta.decimals],
    )
    .catch((error) => ctx.log('token metadata cache write failed', error))
  return meta
}

export interface NftMetadata {
  name: string | null
  image: string | null
}

/**
 * An ERC721 token's name and image from its tokenURI (http(s) or data: JSON), cached in
 * nft_metadata; failures are cached too and retried after 5 minutes. Never throws.
 */
export async function nftMetadata(ctx: ServerContext, chainId: string, contract: string, tokenId: string): Promise<NftMetadata> {
  const lower = contract.toLowerCase()
  try {
    const [row] = await ctx.db.query<{ ok: boolean; name: string | null; image: string | null; age_ms: number }>(
      `select ok, name, image, (extract(epoch from (now() - fetched_at)) * 1000)::float8 as age_ms
       from nft_metadata where chain_id = $1 and contract = $2 and token_id = $3`,
      [chainId, lower, tokenId],
    )
    if (row && (row.ok || Number(row.age_ms) < FAILURE_RETRY_MS)) return { name: row.name, image: row.image }
  } catch (error) {
    ctx.log('nft metadata cache read failed', error)
  }
  let result: NftMetadata = { name: null, image: null }
  let ok = false
  try {
    const client = ctx.evmClient(chainId)
    if (client) {
      const uri = await client.readContract({ address: getAddress(lower), abi: erc721Abi, functionName: 'tokenURI', args: [BigInt(tokenId)] })
      const json = await readMetadataJson(ctx, uri)
      if (json && typeof json === 'object') {
        const record = json as Record<string, unknown>
        const name = typeof record.name === 'string' ? record.name.slice(0, 256) : null
        const rawImage = typeof record.image === 'string' ? record.image : typeof record.image_url === 'string' ? record.image_url : null
        const image = rawImage && /^(https?:|ipfs:|data:image\/)/.test(rawImage) && rawImage.length <= 64 * 1024 ? rawImage : null
        result = { name, image }
        ok = true
      }
    }
  } catch (error) {
    // Unreadable tokenURI or metadata: cached as a failure below. A tokenURI aimed inside our network is worth a line.
    if (error instanceof SafeFetchError && error.code === 'forbidden-address')
      ctx.log(`nft metadata refused (${chainId} ${lower} #${tokenId}): ${error.message}`)
  }
  await ctx.db
    .query(
      `insert into nft_metadata (chain_id, contract, token_id, ok, name, image) values ($1, $2, $3, $4, $5, $6)
       on conflict (chain_id, contract, token_id) do update set ok = excluded.ok, name = excluded.name,
         image = excluded.image, fetched_at = now()`,
      [chainId, lower, tokenId, ok, result.name, result.image],
    )
    .catch((error) => ctx.log('nft metadata cache write failed', error))
  return result
}

/**
 * Reads metadata JSON from a data: URI in process, or from an http(s)/ipfs URL through safeFetch:
 * the tokenURI is the contract's choice, so internal addresses are refused, and size and time are limited.
 */
async function readMetadataJson(ctx: ServerContext, uri: string): Promise<unknown> {
  if (uri.startsWith('data:')) {
    const comma = uri.indexOf(',')
    if (comma < 0 || !/^data:application\/json/.test(uri)) return null
    const header = uri.slice(0, comma)
    const body = uri.slice(comma + 1)
    const text = header.endsWith(';base64') ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body)
    return JSON.parse(text)
  }
  const res = await safeFetch(uri, {
    allowOrigins: ctx.config.outboundAllowOrigins,
    ipfsGateway: ctx.config.ipfsGateway,
    maxBytes: METADATA_MAX_BYTES,
    timeoutMs: METADATA_TIMEOUT_MS,
  })
  if (res.status < 200 || res.status >= 300) return null
  return JSON.parse(res.body.toString('utf8'))
}

/**
 * What the API serves as an NFT's image: a `data:image/…` URI as it is (it makes no request), any
 * other URL (http, https, ipfs; the contract's choice) only through this server's image proxy
 * (chain/nftRoutes.ts), so a visitor's browser never fetches an address the metadata named.
 */
export function nftImageUrl(publicUrl: string, n: { chainId: string; contract: string; tokenId: string; image: string | null }): string | null {
  if (!n.image) return null
  if (n.image.startsWith('data:image/')) return n.image
  const base = publicUrl.replace(/\/+$/, '')
  return `${base}/icons/nft/${encodeURIComponent(n.chainId)}/${n.contract.toLowerCase()}/${encodeURIComponent(n.tokenId)}`
}
