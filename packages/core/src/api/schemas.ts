import * as v from 'valibot'

/** Response shapes of the Portico server, checked before the client trusts them. */
export const AllowedOriginsSchema = v.object({ allowedOrigins: v.array(v.string()) })

export const AnalyticsConfigSchema = v.object({ isAnalyticsEnabled: v.boolean() })

export const RemoteConfigSchema = v.object({
  features: v.array(v.object({ id: v.string(), isEnabled: v.boolean(), config: v.nullish(v.unknown()) })),
})

/** SPEC §3 'Token balance'. */
export const TokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  chainId: v.string(),
  address: v.optional(v.string()),
  value: v.number(),
  price: v.number(),
  quantity: v.object({ decimals: v.string(), numeric: v.string() }),
  iconUrl: v.string(),
})
export type TokenBalance = v.InferOutput<typeof TokenBalanceSchema>

/** What a balance read answers: the native balance and the tokens (from the server or the adapter). */
export interface Balances {
  native: { balance: string; symbol: string }
  tokens: TokenBalance[]
}

export const BalanceResponseSchema = v.object({ balances: v.array(TokenBalanceSchema) })

export const IdentitySchema = v.object({ name: v.nullable(v.string()), avatar: v.nullable(v.string()) })

/** SPEC §3 'Name-service record' (addresses by coin type). */
export const NameRecordSchema = v.object({
  name: v.string(),
  registered_at: v.optional(v.union([v.string(), v.number()])),
  updated_at: v.optional(v.union([v.string(), v.number()])),
  addresses: v.record(v.string(), v.object({ address: v.string() })),
  attributes: v.optional(v.record(v.string(), v.string())),
})

/** SPEC §3 'Transaction' (one transfer of it). */
export const TransferSchema = v.object({
  fungible_info: v.optional(v.object({ name: v.optional(v.string()), symbol: v.string(), icon: v.optional(v.object({ url: v.string() })) })),
  nft_info: v.optional(
    v.object({
      name: v.string(),
      flags: v.object({ is_spam: v.boolean() }),
      content: v.optional(v.object({ preview: v.object({ url: v.string() }) })),
    }),
  ),
  direction: v.optional(v.picklist(['in', 'out', 'self'])),
  quantity: v.object({ numeric: v.string() }),
})

/** SPEC §3 'Transaction'. */
export const TransactionSchema = v.object({
  id: v.string(),
  metadata: v.object({
    minedAt: v.string(),
    chain: v.string(),
    operationType: v.string(),
    status: v.string(),
    sentFrom: v.string(),
    sentTo: v.string(),
    hash: v.optional(v.string()),
    /** The network fee paid, in the native currency, where the server records it (Solana, Bitcoin). */
    fee: v.optional(v.object({ numeric: v.string(), symbol: v.string() })),
  }),
  transfers: v.array(TransferSchema),
})
export type Transaction = v.InferOutput<typeof TransactionSchema>
export type Transfer = v.InferOutput<typeof TransferSchema>

/** GET v1/account/{address}/history: one cursor page. */
export const HistoryResponseSchema = v.object({ data: v.array(TransactionSchema), next: v.nullable(v.string()) })

/** An ERC721 the account holds (GET v1/account/{address}/nfts). */
export const NftSchema = v.object({
  contract: v.string(),
  tokenId: v.string(),
  name: v.string(),
  image: v.nullish(v.string()),
  chainId: v.string(),
})
export type Nft = v.InferOutput<typeof NftSchema>
export const NftsResponseSchema = v.object({ nfts: v.array(NftSchema) })

/** GET /getWallets */
export const WalletsResponseSchema = v.object({
  count: v.number(),
  data: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      // The server documents homepage as nullable (contract.ts); the list item has it or not.
      homepage: v.pipe(
        v.nullish(v.string()),
        v.transform((h) => h ?? undefined),
      ),
      image_url: v.optional(v.string()),
      rdns: v.nullish(v.string()),
      mobile_link: v.nullish(v.string()),
      desktop_link: v.nullish(v.string()),
      webapp_link: v.nullish(v.string()),
      app_store: v.nullish(v.string()),
      play_store: v.nullish(v.string()),
    }),
  ),
})
