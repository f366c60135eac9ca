import { bitcoin, defineNetwork, mainnet, polygon, solana, solanaDevnet, solanaTestnet, type CaipNetwork } from './networks.js'

/**
 * SPEC §9 'Listed network sets': many EVM chains, three Solana networks and three Bitcoin
 * networks, as metadata a host can pick from (a namespace's adapter decides what connects; there
 * is no Bitcoin adapter yet). Tree-shaken: a host pays only for the networks it imports.
 */
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
const evm = (id: number, name: string, rpc: string, explorer: [string, string], nativeCurrency: CaipNetwork['nativeCurrency'] = ETH) =>
  defineNetwork({
    id,
    chainNamespace: 'eip155',
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [rpc] } },
    blockExplorers: { default: { name: explorer[0], url: explorer[1] } },
  })

export const arbitrum = /* @__PURE__ */ evm(42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc', ['Arbiscan', 'https://arbiscan.io'])
export const optimism = /* @__PURE__ */ evm(10, 'OP Mainnet', 'https://mainnet.optimism.io', ['Optimism Explorer', 'https://optimistic.etherscan.io'])
export const zksync = /* @__PURE__ */ evm(324, 'ZKsync Era', 'https://mainnet.era.zksync.io', ['ZKsync Explorer', 'https://explorer.zksync.io'])
export const base = /* @__PURE__ */ evm(8453, 'Base', 'https://mainnet.base.org', ['Basescan', 'https://basescan.org'])
export const bsc = /* @__PURE__ */ evm(56, 'BNB Smart Chain', 'https://bsc-dataseed.bnbchain.org', ['BscScan', 'https://bscscan.com'], {
  name: 'BNB',
  symbol: 'BNB',
  decimals: 18,
})
export const gnosis = /* @__PURE__ */ evm(100, 'Gnosis', 'https://rpc.gnosischain.com', ['Gnosisscan', 'https://gnosisscan.io'], {
  name: 'xDAI',
  symbol: 'XDAI',
  decimals: 18,
})
export const avalanche = /* @__PURE__ */ evm(43114, 'Avalanche', 'https://api.avax.network/ext/bc/C/rpc', ['SnowTrace', 'https://snowtrace.io'], {
  name: 'Avalanche',
  symbol: 'AVAX',
  decimals: 18,
})
export const fantom = /* @__PURE__ */ evm(250, 'Fantom', 'https://rpc.ftm.tools', ['FTMScan', 'https://ftmscan.com'], {
  name: 'Fantom',
  symbol: 'FTM',
  decimals: 18,
})
export const kaia = /* @__PURE__ */ evm(8217, 'Kaia', 'https://public-en.node.kaia.io', ['KaiaScan', 'https://kaiascan.io'], {
  name: 'Kaia',
  symbol: 'KAIA',
  decimals: 18,
})
export const aurora = /* @__PURE__ */ evm(1313161554, 'Aurora', 'https://mainnet.aurora.dev', ['Aurora Explorer', 'https://explorer.aurora.dev'])
export const sepolia = /* @__PURE__ */ defineNetwork({
  ...evm(11155111, 'Sepolia', 'https://rpc.sepolia.org', ['Etherscan', 'https://sepolia.etherscan.io']),
  testnet: true,
})

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const
/** CAIP-2 bip122 references: the first 32 hex characters of each network's genesis block hash. */
export const bitcoinTestnet = /* @__PURE__ */ defineNetwork({
  id: '000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  testnet: true,
})
export const bitcoinSignet = /* @__PURE__ */ defineNetwork({
  id: '00000008819873e925422c1ff0f99f7c',
  chainNamespace: 'bip122',
  name: 'Bitcoin Signet',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  testnet: true,
})

/** SPEC §9: the listed sets, per chain family. */
export const ListedNetworks = {
  eip155: [mainnet, arbitrum, optimism, zksync, base, bsc, polygon, gnosis, avalanche, fantom, kaia, aurora, sepolia],
  solana: [solana, solanaDevnet, solanaTestnet],
  bip122: [bitcoin, bitcoinTestnet, bitcoinSignet],
} as const
