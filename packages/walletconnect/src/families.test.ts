import type { CaipNetwork } from '@portico/core'
import { expect, test } from 'vitest'
import { namespacesFor } from './families.js'

// The session proposal is wire: these pin its namespaces, methods, events and rpcMaps byte for byte.
const network = (chainNamespace: string, reference: string | number, rpc?: string) =>
  ({
    id: reference,
    chainNamespace,
    caipNetworkId: `${chainNamespace}:${reference}`,
    rpcUrls: { default: { http: rpc ? [rpc] : [] } },
  }) as unknown as CaipNetwork
const mainnet = network('eip155', 1, 'https://rpc.example/1')
const base = network('eip155', 8453, 'https://rpc.example/8453')
const solana = network('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'https://rpc.example/sol')
const solanaNoRpc = network('solana', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
const bitcoin = network('bip122', '000000000019d6689c085ae165831e93', 'https://rpc.example/btc')

test('default: eip155 and solana networks', () => {
  expect(JSON.stringify(namespacesFor([mainnet, solana, base, solanaNoRpc]))).toMatchInlineSnapshot(
    `"{"eip155":{"chains":["eip155:1","eip155:8453"],"methods":["eth_sendTransaction","personal_sign","eth_signTypedData_v4","wallet_switchEthereumChain","wallet_addEthereumChain","wallet_getCapabilities","wallet_sendCalls","wallet_getCallsStatus","wallet_showCallsStatus"],"events":["chainChanged","accountsChanged"],"rpcMap":{"1":"https://rpc.example/1","8453":"https://rpc.example/8453"}},"solana":{"chains":["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp","solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"],"methods":["solana_signMessage","solana_signTransaction","solana_signAndSendTransaction"],"events":[],"rpcMap":{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":"https://rpc.example/sol"}}}"`,
  )
})

test('behavior: eip155 alone', () => {
  expect(JSON.stringify(namespacesFor([mainnet]))).toMatchInlineSnapshot(
    `"{"eip155":{"chains":["eip155:1"],"methods":["eth_sendTransaction","personal_sign","eth_signTypedData_v4","wallet_switchEthereumChain","wallet_addEthereumChain","wallet_getCapabilities","wallet_sendCalls","wallet_getCallsStatus","wallet_showCallsStatus"],"events":["chainChanged","accountsChanged"],"rpcMap":{"1":"https://rpc.example/1"}}}"`,
  )
})

test('behavior: solana alone asks no eip155 namespace', () => {
  expect(JSON.stringify(namespacesFor([solana]))).toMatchInlineSnapshot(
    `"{"solana":{"chains":["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],"methods":["solana_signMessage","solana_signTransaction","solana_signAndSendTransaction"],"events":[],"rpcMap":{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":"https://rpc.example/sol"}}}"`,
  )
})

test('behavior: bip122 alone asks the four bip122 methods and the addresses event', () => {
  expect(JSON.stringify(namespacesFor([bitcoin]))).toMatchInlineSnapshot(
    `"{"bip122":{"chains":["bip122:000000000019d6689c085ae165831e93"],"methods":["getAccountAddresses","signMessage","signPsbt","sendTransfer"],"events":["bip122_addressesChanged"],"rpcMap":{"bip122:000000000019d6689c085ae165831e93":"https://rpc.example/btc"}}}"`,
  )
})

test("behavior: all three families, in the proposal's order", () => {
  expect(Object.keys(namespacesFor([bitcoin, solana, mainnet]))).toEqual(['eip155', 'solana', 'bip122'])
})

test('behavior: with no network of a WalletConnect family, an empty eip155 namespace', () => {
  expect(JSON.stringify(namespacesFor([]))).toMatchInlineSnapshot(
    `"{"eip155":{"chains":[],"methods":["eth_sendTransaction","personal_sign","eth_signTypedData_v4","wallet_switchEthereumChain","wallet_addEthereumChain","wallet_getCapabilities","wallet_sendCalls","wallet_getCallsStatus","wallet_showCallsStatus"],"events":["chainChanged","accountsChanged"],"rpcMap":{}}}"`,
  )
})
