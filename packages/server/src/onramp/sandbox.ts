import type { ServerConfig } from '../config.js'
import { chainFamilies, familyOfChain, familyOfNamespace } from '../chain/families.js'
import { formatCents, formatUnits, parseCents, perMille } from './money.js'
import type { OnrampOptions, OnrampProvider, OnrampUrlInput, PaymentCurrency, PurchaseNetwork, QuoteInput, QuoteResult } from './provider.js'

/**
 * The Portico Sandbox Onramp: TEST ONLY, no real money. Quotes follow SPEC §9 (USD by card or
 * bank account, USDC out, 1–2 % fees); purchases can only be completed on the configured devnet
 * chains, where the sandbox mints devnet USDC.
 */
export const SANDBOX_PROVIDER_ID = 'sandbox'
export const SANDBOX_LABEL = 'Portico Sandbox Onramp (test only)'
/** The `publicKey` link param of the sandbox: not a secret, it only names the sandbox. */
export const SANDBOX_PUBLIC_KEY = 'portico-sandbox-public-key'
/** The provider fee, per mille (1.5 %), inside SPEC §9's 1–2 % range. */
export const PROVIDER_FEE_PER_MILLE = 15
export const USDC_DECIMALS = 6

/** SPEC §9 payment limits. */
export const PAYMENT_CURRENCIES: PaymentCurrency[] = [
  {
    id: 'USD',
    payment_method_limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ],
  },
]

/** SPEC §9: USDC on ethereum-mainnet and polygon-mainnet; a network fee in USD cents each. */
const MAINNET_NETWORKS: Array<PurchaseNetwork & { networkFeeCents: bigint }> = [
  {
    name: 'ethereum-mainnet',
    display_name: 'Ethereum',
    chain_id: '1',
    contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    networkFeeCents: 5n,
  },
  {
    name: 'polygon-mainnet',
    display_name: 'Polygon',
    chain_id: '137',
    contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    networkFeeCents: 1n,
  },
]

/**
 * The devnet chains the sandbox completes purchases on: configured with a minter and an RPC URL, of a family
 * with sandbox purchases (ChainFamily.onramp.sandbox: eip155 chains by number, solana chains by their CAIP-2
 * reference, USDC being the chain's SPL mint).
 */
export function sandboxChains(config: ServerConfig): Array<PurchaseNetwork & { caip: string; networkFeeCents: bigint; completable: true }> {
  return Object.entries(config.sandboxOnramp ?? {}).flatMap(([caip, chain]) => {
    const network = config.rpcUrls[caip] ? familyOfChain(caip)?.onramp.sandbox?.network(caip) : undefined
    return network ? [{ caip, ...network, contract_address: chain.usdc, networkFeeCents: 1n, completable: true as const }] : []
  })
}

export function sandboxProvider(config: ServerConfig): OnrampProvider {
  const networks = (): Array<PurchaseNetwork & { networkFeeCents: bigint; caip?: string }> => [...MAINNET_NETWORKS, ...sandboxChains(config)]

  const findNetwork = (input: string | undefined) => {
    const key = (input ?? '').trim().toLowerCase()
    if (!key || key === 'usdc') return networks()[0]
    // A solana CAIP-2 id is case-sensitive (base58): compared as given.
    const exact = (input ?? '').trim()
    return networks().find(
      (n) => n.name === key || n.chain_id === key || `eip155:${n.chain_id}` === key || ('caip' in n && (n.caip === exact || n.chain_id === exact)),
    )
  }

  return {
    info: () => ({
      name: SANDBOX_PROVIDER_ID,
      label: SANDBOX_LABEL,
      feeRange: '1-2%',
      url: `${config.publicUrl}/sandbox/onramp`,
      supportedChains: chainFamilies.filter((family) => family.onramp.sandbox).map((family) => family.namespace),
      publicKey: SANDBOX_PUBLIC_KEY,
    }),

    options: (): OnrampOptions => ({
      paymentCurrencies: PAYMENT_CURRENCIES,
      purchaseCurrencies: [
        {
          id: 'USDC',
          symbol: 'USDC',
          name: 'USD Coin',
          networks: networks().map(({ name, display_name, chain_id, contract_address }) => ({ name, display_name, chain_id, contract_address })),
        },
      ],
    }),

    quote(input: QuoteInput): QuoteResult {
      const fail = (error: string, description: string) => ({ ok: false as const, error, description })
      if (input.purchaseCurrency.trim().toUpperCase() !== 'USDC')
        return fail('Unsupported purchase currency', `${input.purchaseCurrency} is not offered; the sandbox sells USDC`)
      const currency = PAYMENT_CURRENCIES.find((p) => p.id === input.paymentCurrency.trim().toUpperCase())
      if (!currency) return fail('Unsupported payment currency', `${input.paymentCurrency} is not accepted; pay in USD`)
      const methodId = input.paymentMethod ?? 'card'
      const method = currency.payment_method_limits.find((m) => m.id === methodId)
      if (!method)
        return fail('Unsupported payment method', `${methodId} is not a payment method; use ${currency.payment_method_limits.map((m) => m.id).join(' or ')}`)
      const network = findNetwork(input.network)
      if (!network)
        return fail(
          'Unsupported network',
          `${input.network} is not a USDC network here; use ${networks()
            .map((n) => n.name)
            .join(', ')}`,
        )
      const total = parseCents(input.amount)
      if (total === undefined) return fail('Invalid amount', `${input.amount} is not an amount: use a positive number with at most 2 decimals, e.g. 100.00`)
      if (total < parseCents(method.min)! || total > parseCents(method.max)!)
        return fail('Amount out of range', `The ${method.id} limit is ${method.min} to ${method.max} ${currency.id}`)

      const providerFee = perMille(total, PROVIDER_FEE_PER_MILLE)
      const networkFee = network.networkFeeCents
      const subtotal = total - providerFee - networkFee
      // USDC at the configured price (1 USD by default): cents → 6-decimal base units.
      const priceMicros = BigInt(Math.round((config.prices.USDC ?? 1) * 1e6))
      const purchaseUnits = (subtotal * 10n ** 4n * 10n ** 6n) / priceMicros
      const usd = (cents: bigint) => ({ amount: formatCents(cents), currency: currency.id })
      return {
        ok: true,
        network,
        purchaseUnits,
        decimals: USDC_DECIMALS,
        quote: {
          paymentTotal: usd(total),
          paymentSubtotal: usd(subtotal),
          purchaseAmount: { amount: formatUnits(purchaseUnits, USDC_DECIMALS), currency: 'USDC' },
          networkFee: usd(networkFee),
          providerFee: usd(providerFee),
          paymentMethod: method.id,
          network: network.name,
          provider: SANDBOX_PROVIDER_ID,
        },
      }
    },

    buildUrl(input: OnrampUrlInput): string {
      const params = new URLSearchParams({
        publicKey: SANDBOX_PUBLIC_KEY,
        destinationCurrencyCode: familyOfNamespace(input.namespace)?.onramp.currency ?? 'USDC',
        walletAddress: input.walletAddress,
        externalCustomerId: input.projectId,
      })
      if (input.amount) params.set('amount', input.amount)
      return `${config.publicUrl}/sandbox/onramp?${params}`
    },
  }
}
