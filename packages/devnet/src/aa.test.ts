// @vitest-environment node
import { concatHex, createPublicClient, encodeAbiParameters, http, parseEther, type Hex } from 'viem'
import { createBundlerClient, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toDevnetSafe } from './safeAddress'
import {
  computeAaAddresses,
  DEV_ACCOUNTS,
  DEVNET_AA,
  DEVNET_AA_KEYS,
  PAYMASTER_DEPOSIT,
  entryPointAbi,
  startDevnet,
  toViemChain,
  verifyingPaymasterAbi,
  type Devnet,
} from './index'
import { deployerClients } from './deploy'

let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true, smartAccounts: true })
}, 120_000)

afterAll(async () => {
  await devnet?.stop()
})

/** The devnet's Safe for an owner key. */
const devnetSafe = (client: Parameters<typeof toDevnetSafe>[0], ownerKey: Hex) => toDevnetSafe(client, privateKeyToAccount(ownerKey))

describe('ERC-4337 on the devnet (smartAccounts)', () => {
  it('deploys every contract at its recorded CREATE2 address, the EntryPoint at the canonical one, with the paymaster funded', async () => {
    expect(computeAaAddresses()).toEqual(DEVNET_AA)
    expect(DEVNET_AA.entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      for (const address of Object.values(DEVNET_AA)) expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/)
      expect(
        await client.readContract({ address: DEVNET_AA.entryPoint, abi: entryPointAbi, functionName: 'balanceOf', args: [DEVNET_AA.verifyingPaymaster] }),
      ).toBe(PAYMASTER_DEPOSIT)
      expect(await client.readContract({ address: DEVNET_AA.verifyingPaymaster, abi: verifyingPaymasterAbi, functionName: 'verifyingSigner' })).toBe(
        privateKeyToAccount(DEVNET_AA_KEYS.paymasterSigner).address,
      )
      expect(chain.bundlerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    }
  })

  it('mines a sponsored UserOperation that deploys a Safe and sends its 0.1 ETH out: the account pays no gas', async () => {
    const chain = devnet.chains[0]
    const viemChain = toViemChain(chain)
    const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl), pollingInterval: 50 })
    const account = await devnetSafe(client, generatePrivateKey())
    const { wallet } = deployerClients(chain)
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: account.address, value: parseEther('0.1') }) })
    expect(await client.getCode({ address: account.address })).toBeUndefined()

    const signer = privateKeyToAccount(DEVNET_AA_KEYS.paymasterSigner)
    const validity = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [0, 0])
    const gas = { paymasterVerificationGasLimit: 75_000n, paymasterPostOpGasLimit: 0n }
    // The VerifyingPaymaster's own getHash, signed with its signer's key: what the Portico server does off-chain.
    const sign = async (op: UserOperation<'0.7'>) => {
      const packed = toPackedUserOperation({ ...op, paymaster: DEVNET_AA.verifyingPaymaster, paymasterData: concatHex([validity, `0x${'00'.repeat(65)}`]) })
      const hash = await client.readContract({
        address: DEVNET_AA.verifyingPaymaster,
        abi: verifyingPaymasterAbi,
        functionName: 'getHash',
        args: [packed, 0, 0],
      })
      return concatHex([validity, await signer.signMessage({ message: { raw: hash as Hex } })])
    }
    const stub = concatHex([
      validity,
      '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c',
    ])
    const bundler = createBundlerClient({
      account,
      client,
      chain: viemChain,
      transport: http(chain.bundlerUrl),
      pollingInterval: 50,
      paymaster: {
        getPaymasterStubData: async () => ({ paymaster: DEVNET_AA.verifyingPaymaster, paymasterData: stub, ...gas }),
        getPaymasterData: async (op) => ({ paymaster: DEVNET_AA.verifyingPaymaster, paymasterData: await sign(op as unknown as UserOperation<'0.7'>) }),
      },
    })
    const started = performance.now()
    const hash = await bundler.sendUserOperation({ calls: [{ to: DEV_ACCOUNTS[4].address, value: parseEther('0.1') }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    console.log(`sponsored first UserOperation (deploys the Safe): mined in ${Math.round(performance.now() - started)} ms, ${receipt.actualGasUsed} gas`)
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(DEVNET_AA.verifyingPaymaster.toLowerCase())
    expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+/)
    expect(await client.getBalance({ address: account.address })).toBe(0n)

    const second = await bundler.sendUserOperation({ calls: [{ to: DEV_ACCOUNTS[4].address, value: 0n }] })
    const later = await bundler.waitForUserOperationReceipt({ hash: second, timeout: 30_000 })
    console.log(`a later sponsored UserOperation: ${later.actualGasUsed} gas`)
    expect(later.success).toBe(true)
  }, 90_000)
})
