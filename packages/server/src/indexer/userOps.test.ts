import { encodeAbiParameters, encodeFunctionData, pad, parseAbi, parseEther, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { USER_OPERATION_EVENT_TOPIC, userOpNativeTransfers } from './userOps.js'

const abi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function handleOps(PackedUserOperation[] ops, address beneficiary)',
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
])
const SAFE = '0x9f24ebe86877b7224c8e6a4e3a64515f5bc760b7'
const TO = '0x90f79bf6eb2c4f827f18f1b2b2c9bb83c2d3fe07'
const ZERO32 = pad('0x0')

function handleOps(callData: Hex) {
  const op = {
    sender: SAFE as Hex,
    nonce: 0n,
    initCode: '0x' as Hex,
    callData,
    accountGasLimits: ZERO32,
    preVerificationGas: 0n,
    gasFees: ZERO32,
    paymasterAndData: '0x' as Hex,
    signature: '0x' as Hex,
  }
  return encodeFunctionData({ abi, functionName: 'handleOps', args: [[op], TO] })
}
const event = (success: boolean) => ({
  topics: [USER_OPERATION_EVENT_TOPIC, ZERO32, pad(SAFE), pad('0x0')] as Hex[],
  data: encodeAbiParameters([{ type: 'uint256' }, { type: 'bool' }, { type: 'uint256' }, { type: 'uint256' }], [0n, success, 1n, 1n]),
  logIndex: 3,
})
const send = (value: bigint, operation = 0) => encodeFunctionData({ abi, functionName: 'executeUserOp', args: [TO, value, '0x', operation] })

describe('the indexer: native sends of ERC-4337 smart accounts (a Safe’s executeUserOp inside handleOps)', () => {
  test('a successful UserOperation that sends ETH is a native transfer from the account', () => {
    const rows = userOpNativeTransfers({ hash: '0xabc', blockNumber: 7, input: handleOps(send(parseEther('0.1'))) }, [event(true)])
    expect(rows).toEqual([
      { hash: '0xabc', blockNumber: 7, logIndex: 3, kind: 'native', token: null, from: SAFE, to: TO, amount: '100000000000000000', tokenId: null },
    ])
  })

  test('nothing for a failed operation, a delegatecall (MultiSend batch), a zero value or another method', () => {
    expect(userOpNativeTransfers({ hash: '0x1', blockNumber: 1, input: handleOps(send(1n)) }, [event(false)])).toEqual([])
    expect(userOpNativeTransfers({ hash: '0x1', blockNumber: 1, input: handleOps(send(1n, 1)) }, [event(true)])).toEqual([])
    expect(userOpNativeTransfers({ hash: '0x1', blockNumber: 1, input: handleOps(send(0n)) }, [event(true)])).toEqual([])
    expect(userOpNativeTransfers({ hash: '0x1', blockNumber: 1, input: '0x12345678' }, [event(true)])).toEqual([])
  })
})
