// The price-source interface every source implements (Chainlink feeds, a price API, fixed dev prices).

export interface PricedAsset {
  /** CAIP-2 chain id. */
  chainId: string
  /** Token contract address; absent for the chain's native currency. */
  address?: string
  symbol: string
}

/** Where the server's token prices come from. Returns undefined for assets it cannot price. */
export interface PriceSource {
  price(asset: PricedAsset, currency: 'usd'): Promise<number | undefined>
}
