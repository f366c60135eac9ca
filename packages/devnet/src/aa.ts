/**
 * ERC-4337 on one devnet chain: EntryPoint v0.7, Safe 1.4.1 with the Safe4337Module (what permissionless'
 * toSafeSmartAccount builds on) and a VerifyingPaymaster whose signer is the Portico server's devnet key.
 * Every contract goes through anvil's built-in CREATE2 deployer with salt 0, so the addresses depend only on
 * the bytecode (DEVNET_AA, checked in aa.test.ts), whatever else was deployed before. Node only.
 */
import { createRequire } from 'node:module'
import { concatHex, encodeAbiParameters, encodeFunctionData, getContractAddress, parseEther, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVNET_AA, DEVNET_AA_KEYS } from './constants'
import { deployerClients } from './deploy'

const require = createRequire(import.meta.url)
const artifact = (path: string) => require(path) as { abi: Abi; bytecode: Hex }
const safe4337 = '@safe-global/safe-4337/build/artifacts'
const safeContracts = '@safe-global/safe-contracts/build/artifacts/contracts'

/** Arachnid's deterministic deployment proxy, which anvil has at genesis. */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const SALT: Hex = `0x${'00'.repeat(32)}`
/** The salt EntryPoint v0.7 was deployed with everywhere: the same bytecode lands at the canonical 0x0000000071727De2… */
const ENTRY_POINT_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
/** What the paymaster holds at the EntryPoint after startDevnet (sponsored gas is paid from it). */
export const PAYMASTER_DEPOSIT = parseEther('1000')

export const entryPointAbi = artifact('@account-abstraction/contracts/artifacts/EntryPoint.json').abi
export const verifyingPaymasterAbi = artifact('@account-abstraction/contracts/artifacts/VerifyingPaymaster.json').abi

/** Init code (bytecode + constructor arguments) of each contract, in deployment order. */
function initCodes(): { name: keyof typeof DEVNET_AA; initCode: Hex; salt?: Hex }[] {
  const ep = DEVNET_AA.entryPoint
  const withArgs = (path: string, types: { type: string }[], values: unknown[]) =>
    concatHex([artifact(path).bytecode, encodeAbiParameters(types, values as readonly unknown[])])
  return [
    { name: 'entryPoint', initCode: artifact('@account-abstraction/contracts/artifacts/EntryPoint.json').bytecode, salt: ENTRY_POINT_SALT },
    { name: 'safeSingleton', initCode: artifact(`${safeContracts}/Safe.sol/Safe.json`).bytecode },
    { name: 'safeProxyFactory', initCode: artifact(`${safeContracts}/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`).bytecode },
    { name: 'safeModuleSetup', initCode: artifact(`${safe4337}/contracts/SafeModuleSetup.sol/SafeModuleSetup.json`).bytecode },
    { name: 'safe4337Module', initCode: withArgs(`${safe4337}/contracts/Safe4337Module.sol/Safe4337Module.json`, [{ type: 'address' }], [ep]) },
    { name: 'multiSend', initCode: artifact(`${safeContracts}/libraries/MultiSend.sol/MultiSend.json`).bytecode },
    { name: 'multiSendCallOnly', initCode: artifact(`${safeContracts}/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json`).bytecode },
    {
      name: 'verifyingPaymaster',
      initCode: withArgs(
        '@account-abstraction/contracts/artifacts/VerifyingPaymaster.json',
        [{ type: 'address' }, { type: 'address' }],
        [ep, privateKeyToAccount(DEVNET_AA_KEYS.paymasterSigner).address],
      ),
    },
  ]
}

/** The CREATE2 address of each contract (what DEVNET_AA records). */
export function computeAaAddresses(): Record<keyof typeof DEVNET_AA, Address> {
  return Object.fromEntries(
    initCodes().map(({ name, initCode, salt = SALT }) => [name, getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode: initCode })]),
  ) as Record<keyof typeof DEVNET_AA, Address>
}

/**
 * Deploys the ERC-4337 contracts on a fresh chain and funds the paymaster's EntryPoint deposit, all from
 * DEVNET_AA_KEYS.deployer (anvil account 6), so dev account 0's nonce and the fixture addresses do not move.
 */
export async function deployAccountAbstraction(opts: { rpcUrl: string; chainId: number }): Promise<void> {
  const { client, wallet } = deployerClients(opts)
  const account = privateKeyToAccount(DEVNET_AA_KEYS.deployer)
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const hashes: Hex[] = []
  for (const { initCode, salt = SALT } of initCodes()) {
    hashes.push(await wallet.sendTransaction({ account, to: CREATE2_DEPLOYER, data: concatHex([salt, initCode]), nonce: nonce++, gas: 8_000_000n }))
  }
  hashes.push(
    await wallet.sendTransaction({
      account,
      to: DEVNET_AA.entryPoint,
      data: encodeFunctionData({ abi: entryPointAbi, functionName: 'depositTo', args: [DEVNET_AA.verifyingPaymaster] }),
      value: PAYMASTER_DEPOSIT,
      nonce: nonce++,
      gas: 100_000n,
    }),
  )
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
  const failed = receipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`ERC-4337 deployment ${failed.transactionHash} reverted on chain ${opts.chainId}`)
  for (const [name, address] of Object.entries(DEVNET_AA)) {
    const code = await client.getCode({ address })
    if (!code || code === '0x') throw new Error(`${name} not deployed at ${address} on chain ${opts.chainId} (DEVNET_AA out of date?)`)
  }
}
