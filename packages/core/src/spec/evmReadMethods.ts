/**
 * The EVM JSON-RPC methods anybody may send a chain without a key: reads, filters, and the broadcast of a
 * transaction somebody already signed (eth_sendRawTransaction gives no power the chain's public mempool does
 * not). The embedded wallet answers them without approval (SPEC §6) and the server's RPC proxy forwards them;
 * each adds its own few (the wallet its accounts and EIP-5792 reads, the proxy web3_clientVersion).
 */
export const EvmReadMethods = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
] as const

export type EvmReadMethod = (typeof EvmReadMethods)[number]
