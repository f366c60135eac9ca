// @vitest-environment node
import { address, getSignatureFromTransaction, lamports, type Instruction } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaDevnet, type SolanaDevnet } from './index'
import { kitClient, rawCall, wireBase64 } from './test-helpers'

let devnet: SolanaDevnet
let kit: ReturnType<typeof kitClient>

beforeAll(async () => {
  devnet = await startSolanaDevnet({ randomPorts: true, slotMs: 0 })
  kit = kitClient(devnet)
})

afterAll(async () => {
  await devnet?.stop()
})

const computeBudget = address('ComputeBudget111111111111111111111111111111')
const memo = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

function setComputeUnitPrice(microLamports: bigint): Instruction {
  const data = new Uint8Array(9)
  data[0] = 3
  new DataView(data.buffer).setBigUint64(1, microLamports, true)
  return { programAddress: computeBudget, data }
}

function setComputeUnitLimit(units: number): Instruction {
  const data = new Uint8Array(5)
  data[0] = 2
  new DataView(data.buffer).setUint32(1, units, true)
  return { programAddress: computeBudget, data }
}

/** getFeeForMessage before, the balance change and meta.fee after must all agree. */
async function expectFee(instructions: Instruction[], expected: bigint) {
  const payer = devnet.accounts[0].signer
  const transfer = getTransferSolInstruction({ source: payer, destination: devnet.accounts[1].address, amount: lamports(1000n) })
  const tx = await kit.sign(payer, [...instructions, transfer])
  const quoted = await rawCall(devnet.rpcUrl, 'getFeeForMessage', [Buffer.from(tx.messageBytes).toString('base64')])
  expect(BigInt(quoted.result.value)).toBe(expected)

  const before = (await kit.rpc.getBalance(payer.address).send()).value
  expect((await rawCall(devnet.rpcUrl, 'sendTransaction', [wireBase64(tx), { encoding: 'base64' }])).error).toBeUndefined()
  expect(before - (await kit.rpc.getBalance(payer.address).send()).value - 1000n).toBe(expected)
  const landed = await kit.rpc.getTransaction(getSignatureFromTransaction(tx), { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
  expect(landed?.meta?.fee).toBe(expected)
}

describe('Solana devnet fees', () => {
  it('default: 5,000 lamports per signature', async () => {
    await expectFee([], 5000n)
  })

  it('behavior: a compute unit price and limit add ceil(price × limit / 1,000,000)', async () => {
    await expectFee([setComputeUnitLimit(200_000), setComputeUnitPrice(1_000_000n)], 5000n + 200_000n)
    await expectFee([setComputeUnitLimit(1_000), setComputeUnitPrice(1n)], 5000n + 1n)
  })

  it('behavior: without a limit, builtins reserve 3,000 units and programs 200,000', async () => {
    await expectFee([setComputeUnitPrice(1_000_000n)], 5000n + 6_000n)
    const note: Instruction = { programAddress: memo, data: new TextEncoder().encode('hi') }
    await expectFee([setComputeUnitPrice(1_000_000n), note], 5000n + 206_000n)
  })
})
