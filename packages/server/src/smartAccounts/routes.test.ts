// @vitest-environment node
import { DEV_ACCOUNTS, DEVNET_AA, DEVNET_AA_KEYS, startDevnet, toViemChain, verifyingPaymasterAbi, type Devnet } from '@portico/devnet'
import { formatSiwxMessage, type SIWXMessageData } from '@portico/core/spec'
import { toDevnetSafe } from '@portico/devnet/safe'
import { createPublicClient, createWalletClient, http, parseEther, toHex, type Hex } from 'viem'
import { createBundlerClient, createPaymasterClient, formatUserOperationRequest, toPackedUserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../config/dev.js'
import { DEV_PROJECT } from '../config/projects.js'
import { startTestServer } from '../testing.js'
import { bundlerFees, signInSponsorUser, type SponsorUser } from './testing.js'
import { verifyPersonalSignature } from '../names/verify.js'
import { sponsorshipHash } from './paymaster.js'
import { NOT_ENABLED, NOT_SPONSORED } from './routes.js'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
/** A signed-in embedded-wallet user: sponsorship and the bundler are for such a user's own Safe only. */
let user: SponsorUser
const CAIP2 = 'eip155:31337'
const PER_USER = 20
const ERC6492 = '6492649264926492649264926492649264926492649264926492649264926492'

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true, smartAccounts: true })
  const dev = DEFAULT_CONFIG.smartAccounts!
  server = await startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devRoutes: true,
    auth: { sendCooldownMs: 0, sendsPerHourPerEmail: 1000, sendsPerHourPerIp: 100_000 },
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    projects: [DEV_PROJECT, { ...DEV_PROJECT, projectId: 'no-sponsor', name: 'No sponsor', smartAccountNetworks: [CAIP2], sponsoredNetworks: [] }],
    smartAccounts: {
      chains: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, { ...dev.chains[`eip155:${c.chainId}`]!, bundlerUrl: c.bundlerUrl! }])),
      paymaster: { ...dev.paymaster!, perIpPerMinute: 1000, perUserPerMinute: PER_USER, maxCostWei: '10000000000000000' },
    },
    trustProxy: ['127.0.0.1'],
  })
  user = await signInSponsorUser(server)
}, 120_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const chain = () => toViemChain(devnet.chains[0]!)
const publicClient = () => createPublicClient({ chain: chain(), transport: http(devnet.chains[0]!.rpcUrl), pollingInterval: 50 })
const url = (path: string, projectId = 'portico-dev') => `${server.url}${path}?projectId=${projectId}`
const rpc = async (path: string, method: string, params: unknown[], projectId?: string) => {
  const r = await user.fetchFn(url(path, projectId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return { status: r.status, body: (await r.json()) as { result?: Record<string, Hex>; error?: { code: number; message: string } } }
}

const safeOf = (ownerKey: Hex) => toDevnetSafe(publicClient(), privateKeyToAccount(ownerKey))
/** A new signed-in user and their own (undeployed) Safe. */
const freshUser = async () => {
  const owner = await signInSponsorUser(server)
  return { owner, account: await safeOf(owner.key) }
}

/** A bundler client that goes through the server only: its bundler proxy and its ERC-7677 paymaster. */
const bundlerFor = (account: Awaited<ReturnType<typeof safeOf>>, owner: SponsorUser = user) =>
  createBundlerClient({
    account,
    client: publicClient(),
    chain: chain(),
    userOperation: bundlerFees as never,
    transport: http(url(`/v1/bundler/${CAIP2}`), { fetchFn: owner.fetchFn }),
    paymaster: createPaymasterClient({ transport: http(url(`/v1/paymaster/${CAIP2}`), { fetchFn: owner.fetchFn }) }),
    pollingInterval: 50,
  })

describe('smart accounts through the server', () => {
  it("lists the project's smart-account-enabled networks (SPEC 'get smart-account-enabled networks') with their contracts", async () => {
    const dev = (await (await fetch(url('/v1/smart-accounts'))).json()) as Record<string, unknown>
    expect(dev.smartAccountEnabledNetworks).toEqual([31337, 31338])
    expect((dev.chains as Record<string, { entryPoint: string; sponsored: boolean }>)[CAIP2]).toMatchObject({
      entryPoint: DEVNET_AA.entryPoint,
      sponsored: true,
    })
    expect(JSON.stringify(dev)).not.toContain(devnet.chains[0]!.bundlerUrl!) // the bundler's URL is never shown
    const other = (await (await fetch(url('/v1/smart-accounts', 'no-sponsor'))).json()) as Record<string, unknown>
    expect(other.smartAccountEnabledNetworks).toEqual([31337])
  })

  it('config defaults match the devnet: the same contracts and the paymaster signer the contract checks', async () => {
    const dev = DEFAULT_CONFIG.smartAccounts!.chains[CAIP2]!
    expect(dev).toMatchObject({ entryPoint: DEVNET_AA.entryPoint, paymaster: DEVNET_AA.verifyingPaymaster })
    expect(dev.safe).toEqual({
      singleton: DEVNET_AA.safeSingleton,
      proxyFactory: DEVNET_AA.safeProxyFactory,
      moduleSetup: DEVNET_AA.safeModuleSetup,
      module4337: DEVNET_AA.safe4337Module,
      multiSend: DEVNET_AA.multiSend,
      multiSendCallOnly: DEVNET_AA.multiSendCallOnly,
    })
    expect(DEFAULT_CONFIG.smartAccounts!.paymaster!.signerKey).toBe(DEVNET_AA_KEYS.paymasterSigner)
  })

  it('sponsors a UserOperation that deploys a Safe holding only the 0.1 ETH it sends: balance 0 after, hash = the contract getHash', async () => {
    const { owner, account } = await freshUser()
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNTS[3]!.privateKey), chain: chain(), transport: http(devnet.chains[0]!.rpcUrl) })
    await publicClient().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('0.1') }) })
    const bundler = bundlerFor(account, owner)
    const op = await bundler.prepareUserOperation({ calls: [{ to: DEV_ACCOUNTS[4]!.address, value: parseEther('0.1') }] })
    // The server's off-chain hash is the VerifyingPaymaster's own getHash.
    const [validUntil, validAfter] = [Number(BigInt(`0x${op.paymasterData!.slice(2, 66)}`)), 0]
    const onChain = await publicClient().readContract({
      address: DEVNET_AA.verifyingPaymaster,
      abi: verifyingPaymasterAbi,
      functionName: 'getHash',
      args: [toPackedUserOperation(op), validUntil, validAfter],
    })
    const rpcOp = formatUserOperationRequest(op)
    expect(sponsorshipHash(rpcOp as never, { chainId: 31337, paymaster: DEVNET_AA.verifyingPaymaster, validUntil, validAfter })).toBe(onChain)

    const hash = await bundler.sendUserOperation({ ...op, signature: await account.signUserOperation(op) })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(DEVNET_AA.verifyingPaymaster.toLowerCase())
    expect(await publicClient().getBalance({ address: account.address })).toBe(0n)
  }, 60_000)

  it('attack: a sponsored UserOperation changed after signing (other calls) is refused by the EntryPoint (AA34), nothing sent', async () => {
    const { owner, account } = await freshUser()
    const bundler = bundlerFor(account, owner)
    const op = await bundler.prepareUserOperation({ calls: [{ to: DEV_ACCOUNTS[4]!.address, value: 0n }] })
    const tampered = { ...op, callData: await account.encodeCalls([{ to: DEV_ACCOUNTS[4]!.address, value: 0n, data: '0xdeadbeef' }]) }
    await expect(bundler.sendUserOperation({ ...tampered, signature: await account.signUserOperation(tampered) })).rejects.toThrow(/AA34|signature/i)
    expect(await publicClient().getCode({ address: account.address })).toBeUndefined()
  }, 60_000)

  it('attack: no sponsorship for a project that does not sponsor the chain, an unknown project, a chain not enabled', async () => {
    const op = {
      sender: DEV_ACCOUNTS[4]!.address,
      nonce: '0x0',
      callData: '0x',
      callGasLimit: '0x1',
      verificationGasLimit: '0x1',
      preVerificationGas: '0x1',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    }
    const params = [op, DEVNET_AA.entryPoint, toHex(31337), {}]
    expect(await rpc(`/v1/paymaster/${CAIP2}`, 'pm_getPaymasterData', params, 'no-sponsor')).toMatchObject({
      status: 403,
      body: { error: { message: NOT_SPONSORED } },
    })
    expect((await rpc(`/v1/paymaster/${CAIP2}`, 'pm_getPaymasterData', params, 'nobody')).status).toBe(403)
    expect(await rpc('/v1/paymaster/eip155:1', 'pm_getPaymasterData', params)).toMatchObject({ status: 403, body: { error: { message: NOT_SPONSORED } } })
    expect(await rpc('/v1/bundler/eip155:1', 'eth_supportedEntryPoints', [])).toMatchObject({ status: 403, body: { error: { message: NOT_ENABLED } } })
  })

  it('attack: refuses a wrong EntryPoint, a wrong chain id, a malformed UserOperation, a cost above the cap, other methods', async () => {
    const op = {
      sender: (await safeOf(user.key)).address,
      nonce: '0x0',
      callData: '0x',
      callGasLimit: '0x1',
      verificationGasLimit: '0x1',
      preVerificationGas: '0x1',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    }
    const stub = (o: unknown, ep: string = DEVNET_AA.entryPoint, id = toHex(31337)) => rpc(`/v1/paymaster/${CAIP2}`, 'pm_getPaymasterStubData', [o, ep, id, {}])
    expect(await stub(op, DEV_ACCOUNTS[0]!.address)).toMatchObject({
      status: 400,
      body: { error: { message: `Unsupported EntryPoint: this paymaster serves ${DEVNET_AA.entryPoint}` } },
    })
    expect(await stub(op, DEVNET_AA.entryPoint, toHex(31338))).toMatchObject({
      status: 400,
      body: { error: { message: 'Wrong chain id: this is eip155:31337' } },
    })
    expect(await stub({ ...op, sender: 'nope' })).toMatchObject({
      status: 400,
      body: { error: { message: 'Invalid UserOperation: sender expected a 0x address' } },
    })
    // Within every gas bound (fees near the chain's, limits at their caps), but above the cost cap.
    const block = await publicClient().getBlock()
    const priority = BigInt(await publicClient().request({ method: 'eth_maxPriorityFeePerGas' }))
    const costly = { ...op, callGasLimit: toHex(5_000_000n), verificationGasLimit: toHex(1_500_000n), maxPriorityFeePerGas: toHex(priority) }
    const greedy = await rpc(`/v1/paymaster/${CAIP2}`, 'pm_getPaymasterData', [
      { ...costly, maxFeePerGas: toHex(2n * block.baseFeePerGas! + 2n * priority) },
      DEVNET_AA.entryPoint,
      toHex(31337),
      {},
    ])
    expect(greedy.status).toBe(403)
    expect(greedy.body.error!.message).toMatch(/above the sponsorship limit of 10000000000000000 wei/)
    expect((await stub(op)).body.result).toMatchObject({ paymaster: DEVNET_AA.verifyingPaymaster, isFinal: false })
    expect((await rpc(`/v1/paymaster/${CAIP2}`, 'eth_sendTransaction', [])).status).toBe(403)
    for (const method of ['eth_sendRawTransaction', 'debug_bundler_clearState', 'debug_bundler_setBundlingMode', 'anvil_setBalance'])
      expect(await rpc(`/v1/bundler/${CAIP2}`, method, [])).toMatchObject({
        status: 403,
        body: { error: { message: `The method ${method} is not a bundler method` } },
      })
    expect((await rpc(`/v1/bundler/${CAIP2}`, 'eth_supportedEntryPoints', [])).body.result).toEqual([DEVNET_AA.entryPoint])
  })

  it('a smart account signs in (SIWX) and proves a name registration: ERC-6492 before deployment, ERC-1271 after, both accepted', async () => {
    const { owner, account } = await freshUser()
    const post = async (path: string, body?: unknown) => {
      const r = await fetch(url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: r.status, body: (await r.json()) as Record<string, unknown> }
    }
    const signIn = async () => {
      const nonce = (await post(`/v1/sessions/${account.address}/nonce`)).body.nonce as string
      const data = {
        accountAddress: account.address,
        chainId: CAIP2,
        domain: '127.0.0.1:5173',
        uri: 'http://127.0.0.1:5173/login',
        version: '1',
        nonce,
        statement: 'Sign in to App',
        issuedAt: new Date().toISOString(),
      }
      const message = formatSiwxMessage(data as SIWXMessageData)
      const signature = await account.signMessage({ message })
      return { wrapped: signature.endsWith(ERC6492), answer: await post(`/v1/sessions/${account.address}`, { data, message, signature }) }
    }
    const nameProof = async (message: string, signature?: Hex) =>
      verifyPersonalSignature({
        address: account.address,
        message,
        signature: signature ?? (await account.signMessage({ message })),
        client: publicClient() as never,
        chainLabel: CAIP2,
      })

    const before = await signIn()
    expect(before.wrapped).toBe(true)
    expect(before.answer.status, JSON.stringify(before.answer.body)).toBe(200)
    expect(await nameProof('register alice.portico.id')).toEqual({ valid: true, method: 'erc6492' })
    expect((await nameProof('register bob.portico.id', await account.signMessage({ message: 'register alice.portico.id' }))).valid).toBe(false)

    const bundler = bundlerFor(account, owner)
    await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation({ calls: [{ to: DEV_ACCOUNTS[4]!.address, value: 0n }] }),
      timeout: 30_000,
    })
    const after = await signIn()
    expect(after.wrapped).toBe(false)
    expect(after.answer.status, JSON.stringify(after.answer.body)).toBe(200)
    expect(await nameProof('register alice.portico.id')).toEqual({ valid: true, method: 'eip1271' })
  }, 60_000)

  it(`attack: at most ${PER_USER} paymaster calls a minute per signed-in user (429 'Rate limited'), whatever address they come from`, async () => {
    const { owner, account } = await freshUser()
    const op = formatUserOperationRequest(await bundlerFor(account, owner).prepareUserOperation({ calls: [{ to: DEV_ACCOUNTS[4]!.address, value: 0n }] }))
    const statuses: number[] = []
    for (let i = 0; i < PER_USER + 1; i++) {
      const r = await owner.fetchFn(url(`/v1/paymaster/${CAIP2}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${i + 1}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [op, DEVNET_AA.entryPoint, toHex(31337), {}] }),
      })
      statuses.push(r.status)
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(PER_USER)
  }, 60_000)
})
