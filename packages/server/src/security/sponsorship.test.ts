// @vitest-environment node
import { SponsorshipErrorCode } from '@portico/core/spec'
import { DEV_ACCOUNTS, DEVNET_AA, entryPointAbi, startDevnet, toViemChain, type Devnet } from '@portico/devnet'
import { toDevnetSafe } from '@portico/devnet/safe'
import { createPublicClient, http, parseEther, toHex, type Address, type Hex } from 'viem'
import { createBundlerClient, createPaymasterClient, formatUserOperationRequest, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../config/dev.js'
import { DEV_PROJECT } from '../config/projects.js'
import { USED_UP } from '../smartAccounts/routes.js'
import { bundlerFees, signInSponsorUser, type SponsorUser } from '../smartAccounts/testing.js'
import { startTestServer } from '../testing.js'

/**
 * Gas sponsorship attacks (issue 28), each against the real server, the devnet chain, its EntryPoint and
 * VerifyingPaymaster, and the alto bundler. A test fails if the attack gets a sponsorship it should not, or
 * moves the paymaster's deposit.
 *
 * Before this change (measured against `npm start`): the paymaster signed 3 of 3 operations of an anonymous
 * 5-byte account with a huge preVerificationGas and 20× priority fee, which the attacker submitted itself
 * (deposit 1000 → 999.865 ETH, attacker +0.135 ETH); 125 calls from one address spent the project's minute
 * quota for every other user.
 */
const CAIP2 = 'eip155:31337'
const PER_IP = 30
const PER_PROJECT_PER_MINUTE = 45
const PER_USER_PER_DAY = parseEther('0.03')
/** The 'user-day' project's: small enough that a few operations spend it (a devnet send reserves ~0.001 ETH). */
const SMALL_USER_DAY = parseEther('0.003')

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true, smartAccounts: true })
  const dev = DEFAULT_CONFIG.smartAccounts!
  server = await startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devRoutes: true,
    trustProxy: ['127.0.0.1'],
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    // The indexer settles sponsorships with the EntryPoint's UserOperationEvent (their actual cost).
    indexer: { enabled: true, pollMs: 200, batchBlocks: 50, backfillBlocks: 1000 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    auth: { sendCooldownMs: 0, sendsPerHourPerEmail: 1000, sendsPerHourPerIp: 100_000 },
    // Each budget test on a project of its own: the project's minute quota is not what it counts.
    projects: [
      DEV_PROJECT,
      { ...DEV_PROJECT, projectId: 'reconcile' },
      { ...DEV_PROJECT, projectId: 'user-day', sponsorshipBudget: { perUserPerDayWei: SMALL_USER_DAY.toString() } },
      { ...DEV_PROJECT, projectId: 'small-budget', sponsorshipBudget: { perProjectPerDayWei: parseEther('0.01').toString() } },
    ],
    smartAccounts: {
      chains: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, { ...dev.chains[`eip155:${c.chainId}`]!, bundlerUrl: c.bundlerUrl! }])),
      paymaster: {
        ...dev.paymaster!,
        perIpPerMinute: PER_IP,
        perUserPerMinute: 1000,
        perProjectPerMinute: PER_PROJECT_PER_MINUTE,
        perUserPerDayWei: PER_USER_PER_DAY.toString(),
      },
    },
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const chain = () => toViemChain(devnet.chains[0]!)
const publicClient = () => createPublicClient({ chain: chain(), transport: http(devnet.chains[0]!.rpcUrl), pollingInterval: 50 })
const url = (path: string, projectId = 'portico-dev') => `${server.url}${path}?projectId=${projectId}`
const deposit = () =>
  publicClient().readContract({
    address: DEVNET_AA.entryPoint,
    abi: entryPointAbi,
    functionName: 'balanceOf',
    args: [DEVNET_AA.verifyingPaymaster],
  }) as Promise<bigint>

type RpcAnswer = { status: number; body: { result?: Record<string, Hex>; error?: { code: number; message: string; data?: Record<string, string> } } }
/** One paymaster call, as the user (DPoP session) or as anyone (no user), from a client address of the caller's choice. */
async function paymaster(method: string, op: unknown, opts: { user?: SponsorUser; ip?: string; projectId?: string } = {}): Promise<RpcAnswer> {
  const send = opts.user?.fetchFn ?? fetch
  const r = await send(url(`/v1/paymaster/${CAIP2}`, opts.projectId), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': opts.ip ?? '10.0.0.1' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [op, DEVNET_AA.entryPoint, toHex(31337), {}] }),
  })
  return { status: r.status, body: (await r.json()) as RpcAnswer['body'] }
}

/**
 * A user's own Safe, and an operation for it the way the frame builds one (gas estimated by alto), not yet
 * sponsored: the stub serves both steps, so the operation is estimated with paymaster gas, but nothing is
 * signed or counted here.
 */
async function ownOperation(user: SponsorUser, opts: { to?: Address; projectId?: string } = {}) {
  const { to = DEV_ACCOUNTS[4]!.address, projectId } = opts
  const account = await toDevnetSafe(publicClient(), privateKeyToAccount(user.key))
  const stub = async () => stubOf(await paymaster('pm_getPaymasterStubData', opStub(account.address), { user, ip: randomIp(), projectId }))
  const bundler = createBundlerClient({
    account,
    client: publicClient(),
    chain: chain(),
    userOperation: bundlerFees as never,
    transport: http(url(`/v1/bundler/${CAIP2}`, projectId), { fetchFn: user.fetchFn }),
    paymaster: { getPaymasterStubData: stub, getPaymasterData: stub },
  })
  const op = await bundler.prepareUserOperation({ calls: [{ to, value: 0n }] })
  return { account, bundler, op, rpc: formatUserOperationRequest(op) as unknown as Record<string, Hex> }
}
/** A client address of its own for the test's setup calls, which are not what a test counts. */
const randomIp = () => `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
const opStub = (sender: Address) => ({
  sender,
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x0',
  verificationGasLimit: '0x0',
  preVerificationGas: '0x0',
  maxFeePerGas: '0x0',
  maxPriorityFeePerGas: '0x0',
})
function stubOf(answer: RpcAnswer) {
  if (!answer.body.result) throw new Error(`stub refused: ${JSON.stringify(answer.body)}`)
  const r = answer.body.result as Record<string, Hex>
  return {
    paymaster: r.paymaster as Address,
    paymasterData: r.paymasterData!,
    paymasterVerificationGasLimit: BigInt(r.paymasterVerificationGasLimit!),
    paymasterPostOpGasLimit: BigInt(r.paymasterPostOpGasLimit!),
  }
}

describe('sponsorship attacks', () => {
  it("attack: an anonymous 5-byte account that always validates asks for sponsorship with a huge preVerificationGas and 20× the priority fee, to bundle it itself: nothing signed, the paymaster's deposit unchanged", async () => {
    const attacker = privateKeyToAccount(generatePrivateKey())
    await publicClient().request({ method: 'anvil_setBalance' as never, params: [attacker.address, toHex(parseEther('1'))] as never })
    const evil = '0x00000000000000000000000000000000deadbeef' as Address
    // PUSH1 0x20 PUSH1 0 RETURN: validateUserOp answers 0 (valid) to anything, and pays nothing.
    await publicClient().request({ method: 'anvil_setCode' as never, params: [evil, '0x60206000f3'] as never })
    const before = await deposit()
    const block = await publicClient().getBlock()
    const priority = BigInt(await publicClient().request({ method: 'eth_maxPriorityFeePerGas' }))
    const op = {
      sender: evil,
      nonce: '0x0',
      callData: '0x',
      callGasLimit: toHex(10_000n),
      verificationGasLimit: toHex(50_000n),
      preVerificationGas: toHex(20_000_000n),
      maxFeePerGas: toHex(2n * block.baseFeePerGas! + 20n * priority),
      maxPriorityFeePerGas: toHex(20n * priority),
    }
    const answers = []
    for (let i = 0; i < 3; i++) answers.push(await paymaster('pm_getPaymasterData', { ...op, nonce: toHex(i) }))
    for (const a of answers) {
      expect(a.status).toBe(401)
      expect(a.body.result).toBeUndefined()
      expect(a.body.error?.code).toBe(SponsorshipErrorCode.unauthorized)
    }
    // No session, no proof, no stub either.
    expect((await paymaster('pm_getPaymasterStubData', op)).status).toBe(401)
    // What the attacker can submit without a signature: the EntryPoint refuses it (AA33/AA34), the deposit does not move.
    const forged = toPackedUserOperation({
      ...Object.fromEntries(Object.entries(op).map(([k, v]) => [k, k === 'sender' || k === 'callData' ? v : BigInt(v)])),
      paymaster: DEVNET_AA.verifyingPaymaster,
      paymasterVerificationGasLimit: 75_000n,
      paymasterPostOpGasLimit: 0n,
      paymasterData: `0x${'00'.repeat(12)}${'11'.repeat(65)}` as Hex,
      signature: '0x',
    } as unknown as UserOperation<'0.7'>)
    await expect(
      publicClient().simulateContract({
        account: attacker,
        address: DEVNET_AA.entryPoint,
        abi: entryPointAbi,
        functionName: 'handleOps',
        args: [[forged], attacker.address],
      }),
    ).rejects.toThrow(/AA3[34]|FailedOp/)
    expect(await deposit()).toBe(before)
  }, 60_000)

  it("attack: a signed-in user asks sponsorship for an account that is not theirs (another user's Safe, a 5-byte account): refused, nothing signed", async () => {
    const [mallory, alice] = await Promise.all([signInSponsorUser(server), signInSponsorUser(server)])
    const alices = await ownOperation(alice)
    const forAlice = await paymaster('pm_getPaymasterData', alices.rpc, { user: mallory, ip: '10.0.1.1' })
    expect(forAlice.status).toBe(403)
    expect(forAlice.body.error?.code).toBe(SponsorshipErrorCode.notOwnAccount)
    expect(forAlice.body.result).toBeUndefined()
    const evil = { ...alices.rpc, sender: '0x00000000000000000000000000000000deadbeef' }
    const forEvil = await paymaster('pm_getPaymasterData', evil, { user: mallory, ip: '10.0.1.1' })
    expect(forEvil.body.error?.code).toBe(SponsorshipErrorCode.notOwnAccount)
    expect((await paymaster('pm_getPaymasterStubData', evil, { user: mallory, ip: '10.0.1.1' })).body.error?.code).toBe(SponsorshipErrorCode.notOwnAccount)
    // Alice herself is sponsored for the same operation.
    expect((await paymaster('pm_getPaymasterData', alices.rpc, { user: alice, ip: '10.0.1.2' })).body.result?.paymasterData).toMatch(/^0x/)
  }, 60_000)

  it('attack: the rightful user asks for abusive gas terms (preVerificationGas, fees, gas limits): each refused naming its field, nothing signed', async () => {
    const user = await signInSponsorUser(server)
    const { rpc } = await ownOperation(user)
    const priority = BigInt(rpc.maxPriorityFeePerGas!)
    const cases: [string, Record<string, Hex>][] = [
      ['preVerificationGas', { preVerificationGas: toHex(BigInt(rpc.preVerificationGas!) * 4n) }],
      ['maxPriorityFeePerGas', { maxPriorityFeePerGas: toHex(priority * 20n), maxFeePerGas: toHex(BigInt(rpc.maxFeePerGas!) + priority * 20n) }],
      ['maxFeePerGas', { maxFeePerGas: toHex(BigInt(rpc.maxFeePerGas!) * 20n) }],
      ['callGasLimit', { callGasLimit: toHex(20_000_000n) }],
      ['verificationGasLimit', { verificationGasLimit: toHex(10_000_000n) }],
      ['paymasterPostOpGasLimit', { paymasterPostOpGasLimit: toHex(500_000n) }],
    ]
    for (const [field, change] of cases) {
      const answer = await paymaster('pm_getPaymasterData', { ...rpc, ...change }, { user, ip: '10.0.2.1' })
      expect(answer.body.result, field).toBeUndefined()
      expect(answer.body.error?.data?.field, field).toBe(field)
      expect(answer.body.error?.message, field).toContain(field)
    }
    // The operation as the frame built it is sponsored.
    expect((await paymaster('pm_getPaymasterData', rpc, { user, ip: '10.0.2.1' })).body.result?.paymasterData).toMatch(/^0x/)
  }, 60_000)

  it(`attack: one address bursts 125 requests; another user of the project is still sponsored (the project's quota of ${PER_PROJECT_PER_MINUTE} a minute counts signed sponsorships only)`, async () => {
    const [burster, other] = await Promise.all([signInSponsorUser(server), signInSponsorUser(server)])
    const ops = await Promise.all([0, 1, 2].map((i) => ownOperation(burster, { to: DEV_ACCOUNTS[i]!.address })))
    const answers = await Promise.all(
      Array.from({ length: 125 }, (_, i) =>
        paymaster(
          'pm_getPaymasterData',
          { ...ops[i % 3]!.rpc, callGasLimit: toHex(BigInt(ops[i % 3]!.rpc.callGasLimit!) + BigInt(i)) },
          { user: burster, ip: '10.0.3.1' },
        ),
      ),
    )
    const signed = answers.filter((a) => a.body.result).length
    expect(signed).toBeGreaterThan(0)
    expect(signed).toBeLessThanOrEqual(PER_IP)
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(125 - PER_IP)
    const mine = await ownOperation(other)
    const answer = await paymaster('pm_getPaymasterData', mine.rpc, { user: other, ip: '10.0.3.2' })
    expect(answer.body.error).toBeUndefined()
    expect(answer.body.result?.paymasterData).toMatch(/^0x/)
  }, 120_000)

  it("budgets hold under 20 parallel requests: a user's day, then a project's day, never spent beyond its wei", async () => {
    const user = await signInSponsorUser(server, 'user-day')
    const base = await ownOperation(user, { projectId: 'user-day' })
    const reserve = (rpc: Record<string, Hex>) =>
      (BigInt(rpc.callGasLimit!) + BigInt(rpc.verificationGasLimit!) + BigInt(rpc.preVerificationGas!) + 75_000n) * BigInt(rpc.maxFeePerGas!)
    const variants = Array.from({ length: 20 }, (_, i) => ({ ...base.rpc, callGasLimit: toHex(BigInt(base.rpc.callGasLimit!) + BigInt(i)) }))
    const answers = await Promise.all(variants.map((op, i) => paymaster('pm_getPaymasterData', op, { user, ip: `10.0.4.${i + 1}`, projectId: 'user-day' })))
    const signed = variants.filter((_, i) => answers[i]!.body.result)
    const spent = signed.reduce((sum, op) => sum + reserve(op), 0n)
    expect(signed.length).toBeGreaterThan(0)
    expect(signed.length).toBeLessThan(20)
    expect(spent).toBeLessThanOrEqual(SMALL_USER_DAY)
    for (const a of answers.filter((a) => !a.body.result)) {
      expect(a.body.error).toMatchObject({ code: SponsorshipErrorCode.usedUp, message: USED_UP, data: { scope: 'user' } })
    }
    // What the user reads back: nothing left today (less than one more operation).
    const budget = (await (await user.fetchFn(url(`/v1/paymaster/${CAIP2}/budget`, 'user-day'), { headers: { 'x-forwarded-for': '10.0.4.99' } })).json()) as {
      remainingWei: string
      sponsored: boolean
    }
    expect(BigInt(budget.remainingWei)).toBe(SMALL_USER_DAY - spent)
    expect(BigInt(budget.remainingWei)).toBeLessThan(reserve(base.rpc))

    // The project's day: 0.01 ETH for everyone on 'small-budget', asked by 20 users at once.
    const users = await Promise.all(Array.from({ length: 20 }, () => signInSponsorUser(server, 'small-budget')))
    const theirs = await Promise.all(users.map((u) => ownOperation(u, { projectId: 'small-budget' })))
    const results = await Promise.all(
      theirs.map((t, i) => paymaster('pm_getPaymasterData', t.rpc, { user: users[i], ip: `10.0.5.${i + 1}`, projectId: 'small-budget' })),
    )
    const projectSpent = theirs.filter((_, i) => results[i]!.body.result).reduce((sum, t) => sum + reserve(t.rpc), 0n)
    expect(results.some((r) => r.body.result)).toBe(true)
    expect(projectSpent).toBeLessThanOrEqual(parseEther('0.01'))
    expect(
      results.filter((r) => !r.body.result).every((r) => r.body.error?.code === SponsorshipErrorCode.usedUp && r.body.error.data?.scope === 'project'),
    ).toBe(true)
  }, 180_000)

  it("a user's sponsored send is mined; the indexer settles its budget at the EntryPoint's actualGasCost (the reservation was the most it could cost)", async () => {
    const user = await signInSponsorUser(server, 'reconcile')
    const account = await toDevnetSafe(publicClient(), privateKeyToAccount(user.key))
    const bundler = createBundlerClient({
      account,
      client: publicClient(),
      chain: chain(),
      userOperation: bundlerFees as never,
      transport: http(url(`/v1/bundler/${CAIP2}`, 'reconcile'), { fetchFn: user.fetchFn }),
      paymaster: createPaymasterClient({ transport: http(url(`/v1/paymaster/${CAIP2}`, 'reconcile'), { fetchFn: user.fetchFn }) }),
    })
    const left = async () =>
      BigInt(((await (await user.fetchFn(url(`/v1/paymaster/${CAIP2}/budget`, 'reconcile'))).json()) as { remainingWei: string }).remainingWei)
    const before = await left()
    const receipt = await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation({ calls: [{ to: DEV_ACCOUNTS[4]!.address, value: 0n }] }),
      timeout: 30_000,
    })
    expect(receipt.success).toBe(true)
    const row = async () =>
      (
        await server.ctx.db.query<{ actual_wei: string | null; reserved_wei: string }>(
          'select actual_wei::text, reserved_wei::text from sponsorships where user_op_hash = $1',
          [receipt.userOpHash.toLowerCase()],
        )
      )[0]
    await expect.poll(async () => (await row())?.actual_wei, { timeout: 20_000, interval: 200 }).toBe(receipt.actualGasCost.toString())
    expect(BigInt((await row())!.reserved_wei)).toBeGreaterThan(receipt.actualGasCost)
    expect(before - (await left())).toBe(receipt.actualGasCost)
  }, 60_000)

  it('the bundler proxy: no session, no bundler; a session gets its allow-listed methods only', async () => {
    const call = (body: unknown, send: typeof fetch = fetch) =>
      send(url(`/v1/bundler/${CAIP2}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.6.1' },
        body: JSON.stringify(body),
      })
    const anonymous = await call({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] })
    expect(anonymous.status).toBe(401)
    const user = await signInSponsorUser(server)
    const answer = await call({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }, user.fetchFn)
    expect(((await answer.json()) as { result: string[] }).result).toEqual([DEVNET_AA.entryPoint])
    expect((await call({ jsonrpc: '2.0', id: 1, method: 'debug_bundler_clearState', params: [] }, user.fetchFn)).status).toBe(403)
  }, 60_000)
})
