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
