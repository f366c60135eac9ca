// @vitest-environment node
/** The frame's smart account against the real devnet, bundler and server: one UserOperation per batch, sponsored gas, ERC-1271/6492. */
import { DEVNET_AA, startDevnet, usdcAbi, type Devnet } from '@portico/devnet'
import { signInSponsorUser, startTestServer } from '@portico/server/testing'
import { DEFAULT_CONFIG, DEV_PROJECT } from '@portico/server'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseEther, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApprovalContent } from './approval.js'
import { rpcHandlers } from './handlers/rpc.js'
import { smartAccountHandlers } from './handlers/smartAccount.js'
import { sessionHandlers } from './handlers/session.js'
import type { frameUser } from './user.js'
import type { FrameSession } from './session.js'
import { BundlerUnavailableError } from './errors/bundler.js'
import { setSmartAccountBatchRunner } from './batchRunner.js'
import { handleCallsRequest } from './calls.js'
import type { RpcContext } from './rpc/context.js'
import { eip155Networks } from './rpc/eip155.js'
import { createFrameSmartAccount, fetchSmartAccountNetworks, type FrameSmartAccount } from './smartAccount.js'
import type { Unlocked } from './wallet.js'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
/** The first chain's bundler is reached through this switch: a real outage (connection refused) when off. */
let bundlerUp = true
let bundlerSwitch: Server
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, smartAccounts: true })
  bundlerSwitch = createServer(async (req, res) => {
    if (!bundlerUp) return req.socket.destroy()
    const body = await new Promise<string>((r) => {
      let text = ''
      req.on('data', (d) => (text += d)).on('end', () => r(text))
    })
    const answer = await fetch(devnet.chains[0]!.bundlerUrl!, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((r) => bundlerSwitch.listen(0, '127.0.0.1', r))
  const switched = `http://127.0.0.1:${(bundlerSwitch.address() as AddressInfo).port}`
  const dev = DEFAULT_CONFIG.smartAccounts!
  server = await startTestServer({
    // The bundler and paymaster serve a signed-in embedded-wallet user only (the owner key's wallet).
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devRoutes: true,
    auth: { sendCooldownMs: 0, sendsPerHourPerEmail: 1000, sendsPerHourPerIp: 100_000 },
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    smartAccounts: {
      chains: Object.fromEntries(
        devnet.chains.map((c, i) => [`eip155:${c.chainId}`, { ...dev.chains[`eip155:${c.chainId}`]!, bundlerUrl: i === 0 ? switched : c.bundlerUrl! }]),
      ),
      paymaster: dev.paymaster,
    },
    projects: [
      DEV_PROJECT,
      // Today's sponsorship already spent for every user (0 wei a day), or all but 1 wei of it (the paymaster refuses at signing).
      { ...DEV_PROJECT, projectId: 'spent', sponsorshipBudget: { perUserPerDayWei: '0' } },
      { ...DEV_PROJECT, projectId: 'one-wei', sponsorshipBudget: { perUserPerDayWei: '1' } },
    ],
  })
}, 120_000)
afterAll(async () => {
  setSmartAccountBatchRunner(undefined)
  await server?.close()
  bundlerSwitch?.close()
  await devnet?.stop()
})

const chain = () => devnet.chains[0]!
const reader = () => createPublicClient({ transport: http(chain().rpcUrl) })
const balanceOf = (who: Address) => reader().readContract({ address: chain().usdc, abi: usdcAbi, functionName: 'balanceOf', args: [who] }) as Promise<bigint>

async function smartAccount(ownerKey: Hex): Promise<FrameSmartAccount> {
  const networks = await fetchSmartAccountNetworks(server.url, 'portico-dev')
  expect(networks.smartAccountEnabledNetworks).toEqual([31337, 31338])
  const user = await signInSponsorUser(server, 'portico-dev', ownerKey)
  return createFrameSmartAccount({
    owner: privateKeyToAccount(ownerKey),
    chainId: 31337,
    chain: networks.chains['eip155:31337']!,
    rpcUrl: chain().rpcUrl,
    apiUrl: server.url,
    projectId: 'portico-dev',
    sessionFetch: user.fetchFn,
  })
}

describe("the frame's smart account (Safe + Safe4337Module, owner = the embedded key)", () => {
  test('counterfactual address = the factory’s; a sponsored eth_sendTransaction deploys it and sends 0.1 ETH it held, gas paid by the paymaster', async () => {
    const smart = await smartAccount(generatePrivateKey())
    expect(await smart.isDeployed()).toBe(false)
    const funder = createWalletClient({ account: privateKeyToAccount(devnet.accounts[2]!.privateKey), transport: http(chain().rpcUrl) })
    await reader().waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: smart.address, value: parseEther('0.1') }) })
    const started = performance.now()
    const txHash = await smart.sendTransaction({ to: devnet.accounts[4]!.address, value: parseEther('0.1'), data: '0x' })
    const receipt = await reader().getTransactionReceipt({ hash: txHash })
    console.log(`smart account eth_sendTransaction (deploying, sponsored): mined ${Math.round(performance.now() - started)} ms, tx gas ${receipt.gasUsed}`)
    expect(receipt.status).toBe('success')
    expect(await smart.isDeployed()).toBe(true)
    expect(await reader().getBalance({ address: smart.address })).toBe(0n)
  }, 60_000)

  test('ERC-1271 signatures: ERC-6492-wrapped before deployment, plain after; viem verifyMessage accepts both', async () => {
    const key = generatePrivateKey()
    const smart = await smartAccount(key)
    const before = await smart.signMessage({ message: 'hello' })
    expect(before.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true)
    expect(await reader().verifyMessage({ address: smart.address, message: 'hello', signature: before })).toBe(true)
    await smart.sendTransaction({ to: devnet.accounts[4]!.address, value: 0n, data: '0x' })
    const after = await smart.signMessage({ message: 'hello' })
    expect(after.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(false)
    expect(await reader().verifyMessage({ address: smart.address, message: 'hello', signature: after })).toBe(true)
    expect(await reader().verifyMessage({ address: smart.address, message: 'other', signature: after })).toBe(false)
  }, 60_000)

  test('wallet_sendCalls: atomic supported + paymasterService; two USDC transfers, one approval, ONE UserOperation, status 200', async () => {
    const key = generatePrivateKey()
    const smart = await smartAccount(key)
    setSmartAccountBatchRunner((id) => (id === 31337 ? smart.runner : undefined))
    const usdcOwner = createWalletClient({ account: privateKeyToAccount(devnet.accounts[0]!.privateKey), transport: http(chain().rpcUrl) })
    const fund = await usdcOwner.writeContract({
      chain: null,
      address: chain().usdc,
      abi: usdcAbi,
      functionName: 'transfer',
      args: [smart.address, 5_000_000n],
    })
    await reader().waitForTransactionReceipt({ hash: fund })
    const account = privateKeyToAccount(key)
    const unlocked = {
      account,
      keys: { secretKeys: {}, addresses: { eip155: account.address, solana: '' } },
      entropy: new Uint8Array(),
    } as unknown as Unlocked
    const shown: ApprovalContent[] = []
    const ctx: RpcContext = {
      chainId: 31337,
      rpcUrlFor: () => chain().rpcUrl,
      networks: eip155Networks,
      keys: () => unlocked,
      approve: async (c) => (shown.push(c), true),
    }
    const rpc = (method: string, params: unknown[]) => handleCallsRequest(ctx, method, params, 31337)

    expect(await rpc('wallet_getCapabilities', [smart.address, ['0x7a69']])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    const [a, b] = [devnet.accounts[3]!.address, devnet.accounts[4]!.address]
    const before = [await balanceOf(a), await balanceOf(b)]
    const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: usdcAbi, functionName: 'transfer', args: [to, amount] })
    const { id } = (await rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        from: smart.address,
        chainId: '0x7a69',
        atomicRequired: true,
        calls: [
          { to: chain().usdc, data: transfer(a, 1_000_000n) },
          { to: chain().usdc, data: transfer(b, 2_000_000n) },
        ],
      },
    ])) as { id: string }
    expect(shown).toHaveLength(1)
    let status: { status: number; atomic: boolean; receipts: { transactionHash: Hex }[] }
    for (;;) {
      status = (await rpc('wallet_getCallsStatus', [id])) as typeof status
      if (status.status !== 100) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(status).toMatchObject({ status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([before[0]! + 1_000_000n, before[1]! + 2_000_000n])
    expect(await balanceOf(smart.address)).toBe(2_000_000n)
    expect(DEVNET_AA.entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
  }, 60_000)

  test("SPEC §6 default: the host's account type in GET_USER (its stored choice, else smartAccount) decides over the server's record; the EOA where the network has no smart accounts", async () => {
    const key = generatePrivateKey()
    const account = privateKeyToAccount(key)
    const unlocked = { account, keys: { secretKeys: {}, addresses: { eip155: account.address, solana: '' } }, entropy: new Uint8Array() }
    const session = {
      config: { apiUrl: server.url, projectId: 'portico-dev' },
      chainId: 31337,
      rpcUrlFor: (id: number | string) => (String(id).endsWith('31337') ? chain().rpcUrl : undefined),
      // A new user: the server's record says eoa (its column's default), no choice was made yet.
      wallet: { keys: unlocked, user: { email: 'ada@example.com', preferredAccountType: 'eoa' }, api: { call: async () => ({}) } },
      approvals: { approve: async () => false },
    } as unknown as FrameSession
    const rpc = (method: string) => rpcHandlers.RPC_REQUEST(session, { method, params: [] } as never)
    type User = ReturnType<typeof frameUser>
    const getUser = async (payload: { chainId?: number; preferredAccountType?: 'eoa' | 'smartAccount' }) =>
      (await sessionHandlers.GET_USER(session, payload)) as User
    const smart = await getUser({ chainId: 31337, preferredAccountType: 'smartAccount' })
    expect(smart.accounts).toEqual([{ address: expect.not.stringMatching(account.address), type: 'smartAccount' }])
    expect(smart).toMatchObject({ address: smart.accounts[0]!.address, preferredAccountType: 'smartAccount', addresses: { eip155: account.address } })
    expect(await smartAccountHandlers.INIT_SMART_ACCOUNT(session, {} as never)).toEqual({ address: smart.address, isDeployed: false })
    expect(await rpc('eth_accounts')).toEqual([smart.address])
    // A GET_USER that names no type (the host re-reading after a switch) keeps it.
    expect((await getUser({})).accounts).toEqual(smart.accounts)
    // The host's stored choice eoa.
    const eoa = await getUser({ chainId: 31337, preferredAccountType: 'eoa' })
    expect(eoa.accounts).toEqual([{ address: account.address, type: 'eoa' }])
    // A network without smart accounts for the project: the EOA, whatever the preference.
    const other = await getUser({ chainId: 1, preferredAccountType: 'smartAccount' })
    expect(other.accounts).toEqual([{ address: account.address, type: 'eoa' }])
  }, 60_000)

  /** A frame session for `key` (signed in to the server as its wallet's user) whose approval screens are recorded and approved. */
  async function frameSession(key: Hex, projectId = 'portico-dev') {
    const account = privateKeyToAccount(key)
    const unlocked = {
      account,
      keys: { secretKeys: {}, addresses: { eip155: account.address, solana: '' } },
      entropy: new Uint8Array(),
    } as unknown as Unlocked
    const signedIn = await signInSponsorUser(server, projectId, key)
    const shown: ApprovalContent[] = []
    const user = { preferredAccountType: 'eoa' as 'eoa' | 'smartAccount' }
    const session = {
      config: { apiUrl: server.url, projectId },
      chainId: 31337,
      rpcUrlFor: () => chain().rpcUrl,
      wallet: { keys: unlocked, user, api: { call: async () => ({}), sessionFetch: signedIn.fetchFn } },
      approvals: { approve: async (c: ApprovalContent) => (shown.push(c), true) },
    } as unknown as FrameSession
    const rpc = (method: string, params: unknown[] = []) => rpcHandlers.RPC_REQUEST(session, { method, params } as never)
    return { account, session, shown, rpc }
  }

  test('through the frame handlers: smart account when preferred, EOA otherwise; eth_sendTransaction after the approval screen; bundler down → clear error, retry works', async () => {
    const { account, session, shown, rpc } = await frameSession(generatePrivateKey())
    expect(await smartAccountHandlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS(session, {} as never)).toEqual({ smartAccountEnabledNetworks: [31337, 31338] })
    expect(await rpc('eth_accounts')).toEqual([account.address])
    const { address } = (await smartAccountHandlers.SET_PREFERRED_ACCOUNT(session, { type: 'smartAccount' } as never)) as { address: Address }
    expect(address).not.toBe(account.address)
    expect(await smartAccountHandlers.INIT_SMART_ACCOUNT(session, {} as never)).toEqual({ address, isDeployed: false })
    expect(await rpc('eth_accounts')).toEqual([address])

    const signature = (await rpc('personal_sign', [toHex('Sign in to Portico'), address])) as Hex
    expect(await reader().verifyMessage({ address, message: 'Sign in to Portico', signature })).toBe(true)

    bundlerUp = false
    const tx = { from: address, to: devnet.accounts[4]!.address, value: '0x0' }
    const BUNDLER_FAILED = new BundlerUnavailableError().message
    await expect(rpc('eth_sendTransaction', [tx])).rejects.toThrow(BUNDLER_FAILED)
    // The frame said it on its own screen first (acknowledge: one Close button).
    expect(shown.at(-1)).toMatchObject({ title: 'Not sent', acknowledge: true, body: { text: BUNDLER_FAILED } })
    expect(await reader().getCode({ address })).toBeUndefined()
    bundlerUp = true
    const started = performance.now()
    const hash = (await rpc('eth_sendTransaction', [tx])) as Hex
    console.log(`frame eth_sendTransaction after Approve → mined (deploying, sponsored): ${Math.round(performance.now() - started)} ms`)
    expect((await reader().getTransactionReceipt({ hash })).status).toBe('success')
    expect(shown.at(-1)!.rows).toContainEqual({ label: 'Gas', value: 'Sponsored: you pay no gas' })
    expect(shown.at(-1)!.account).toBe(address) // the screen's Account row: the smart account, not its owner
    expect(await smartAccountHandlers.INIT_SMART_ACCOUNT(session, {} as never)).toEqual({ address, isDeployed: true })

    await smartAccountHandlers.SET_PREFERRED_ACCOUNT(session, { type: 'eoa' } as never)
    expect(await rpc('eth_accounts')).toEqual([account.address])
  }, 90_000)

  test.each([
    ['spent', 'the screen says so before the Approve: one screen, the account pays'],
    ['one-wei', 'the paymaster refuses at signing: a second screen says so, the account pays'],
  ])(
    "today's sponsorship used up (%s): %s ('Gas sponsorship is used up for today; you pay this network fee')",
    async (projectId) => {
      const { session, shown, rpc } = await frameSession(generatePrivateKey(), projectId)
      const { address } = (await smartAccountHandlers.SET_PREFERRED_ACCOUNT(session, { type: 'smartAccount' } as never)) as { address: Address }
      const funder = createWalletClient({ account: privateKeyToAccount(devnet.accounts[2]!.privateKey), transport: http(chain().rpcUrl) })
      await reader().waitForTransactionReceipt({ hash: await funder.sendTransaction({ chain: null, to: address, value: parseEther('0.05') }) })
      const hash = (await rpc('eth_sendTransaction', [{ from: address, to: devnet.accounts[4]!.address, value: '0x0' }])) as Hex
      const receipt = await reader().getTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      const usedUp = { label: 'Gas', value: 'Gas sponsorship is used up for today; you pay this network fee' }
      expect(shown.at(-1)!.rows).toContainEqual(usedUp)
      expect(shown.length).toBe(projectId === 'spent' ? 1 : 2)
      if (projectId === 'one-wei') expect(shown[0]!.rows).toContainEqual({ label: 'Gas', value: 'Sponsored: you pay no gas' })
      // The account paid: it holds less than it was sent, and no paymaster is named in the operation's event.
      expect(await reader().getBalance({ address })).toBeLessThan(parseEther('0.05'))
    },
    90_000,
  )
})
