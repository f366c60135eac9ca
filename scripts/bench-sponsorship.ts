/**
 * `npm run bench:sponsorship`: how long a legitimate sponsorship takes, request → signed. Starts the devnet
 * with its ERC-4337 parts (alto), a server with the embedded wallet, signs a user in by email as the frame
 * does, builds that user's Safe operation (gas estimated by alto), then asks pm_getPaymasterData for it
 * N times one after another (each a different operation, so each is a new signature and a new budget
 * row) and prints the median and p99. PORTICO_BENCH_ROOT=<another checkout> measures that checkout's
 * server instead (its packages/server/src), for a before/after on one machine; a server from before
 * sponsorship was bound to a session ignores the session headers.
 */
import { loadavg } from 'node:os'
import { DEV_ACCOUNTS, DEVNET_AA, startDevnet, toViemChain } from '@portico/devnet'
import { toDevnetSafe } from '@portico/devnet/safe'
import { createPublicClient, http, toHex, type Hex } from 'viem'
import { createBundlerClient, formatUserOperationRequest } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const N = Number(process.env.BENCH_N ?? 200)
const root = process.env.PORTICO_BENCH_ROOT ?? new URL('..', import.meta.url).pathname
const { startTestServer } = (await import(`${root}/packages/server/src/testing.ts`)) as typeof import('../packages/server/src/testing.js')
const { DEFAULT_CONFIG } = (await import(`${root}/packages/server/src/config/dev.ts`)) as typeof import('../packages/server/src/config/dev.js')
const { frameClient } = (await import(`${root}/packages/server/src/auth/testing.ts`)) as typeof import('../packages/server/src/auth/testing.js')

const devnet = await startDevnet({ randomPorts: true, skipFixtures: true, smartAccounts: true, chains: [{ chainId: 31337 }] })
const dev = DEFAULT_CONFIG.smartAccounts!
const bound = 'perUserPerMinute' in dev.paymaster!
const server = await startTestServer({
  secureFrame: { port: 0 },
  devMailCatcher: { port: 0 },
  devRoutes: true,
  rpcUrls: { 'eip155:31337': devnet.chains[0]!.rpcUrl },
  indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
  rateLimits: { perIpPerMinute: 1_000_000, perProjectPerMinute: 1_000_000 },
  smartAccounts: {
    chains: { 'eip155:31337': { ...dev.chains['eip155:31337']!, bundlerUrl: devnet.chains[0]!.bundlerUrl! } },
    paymaster: {
      ...dev.paymaster!,
      perIpPerMinute: 1_000_000,
      perProjectPerMinute: 1_000_000,
      ...(bound ? { perUserPerMinute: 1_000_000, perUserPerDayWei: '1000000000000000000000', perProjectPerDayWei: '1000000000000000000000' } : {}),
    } as never,
  },
})

// The user, as the frame signs in: email, OTP from the mail catcher, a wallet whose eip155 address is our key.
const frame = frameClient(server)
const email = `bench-${Date.now()}@example.com`
const start = await frame.call<{ challengeId: string }>('/auth/email/start', { email, hostOrigin: 'http://127.0.0.1:5173' })
const otp = frame.codeIn(await frame.latestMail(email))
const { accessToken } = (
  await frame.call<{ accessToken: string }>('/auth/email/verify', { challengeId: start.body.challengeId, otp, hostOrigin: 'http://127.0.0.1:5173' })
).body
const key = generatePrivateKey()
const share = () => Buffer.from(crypto.getRandomValues(new Uint8Array(33))).toString('base64url')
await frame.call(
  '/auth/wallet',
  {
    secretHash: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex'),
    addresses: { eip155: privateKeyToAccount(key).address },
    authShare: share(),
    recoveryShares: [share(), share()],
  },
  accessToken,
)
const fetchFn = ((input: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers)
  headers.set('authorization', `DPoP ${accessToken}`)
  headers.set('dpop', frame.device.proof({ method: init.method ?? 'GET', url: input, accessToken, body: init.body as string | undefined, now: Date.now() }))
  return fetch(input, { ...init, headers })
}) as typeof fetch
const url = (path: string) => `${server.url}${path}?projectId=portico-dev`

const chain = toViemChain(devnet.chains[0]!)
const client = createPublicClient({ chain, transport: http(devnet.chains[0]!.rpcUrl) })
const account = await toDevnetSafe(client, privateKeyToAccount(key))
const stub = async () => {
  const r = await fetchFn(url('/v1/paymaster/eip155:31337'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterStubData',
      params: [
        {
          sender: account.address,
          nonce: '0x0',
          callData: '0x',
          callGasLimit: '0x0',
          verificationGasLimit: '0x0',
          preVerificationGas: '0x0',
          maxFeePerGas: '0x0',
          maxPriorityFeePerGas: '0x0',
        },
        DEVNET_AA.entryPoint,
        toHex(31337),
        {},
      ],
    }),
  })
  const result = ((await r.json()) as { result: Record<string, Hex> }).result
  return {
    paymaster: result.paymaster as Hex,
    paymasterData: result.paymasterData!,
    paymasterVerificationGasLimit: BigInt(result.paymasterVerificationGasLimit!),
    paymasterPostOpGasLimit: BigInt(result.paymasterPostOpGasLimit!),
  }
}
const bundler = createBundlerClient({
  account,
  client,
  chain,
  transport: http(url('/v1/bundler/eip155:31337'), { fetchFn }),
  userOperation: {
    async estimateFeesPerGas({ bundlerClient }) {
      const price = (await bundlerClient.request({ method: 'pimlico_getUserOperationGasPrice' } as never)) as {
        fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }
      }
      return { maxFeePerGas: BigInt(price.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(price.fast.maxPriorityFeePerGas) }
    },
  },
  paymaster: { getPaymasterStubData: stub, getPaymasterData: stub },
})
const op = formatUserOperationRequest(await bundler.prepareUserOperation({ calls: [{ to: DEV_ACCOUNTS[4]!.address, value: 0n }] })) as unknown as Record<
  string,
  Hex
>

const times: number[] = []
for (let i = 0; i < N + 20; i++) {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: i,
    method: 'pm_getPaymasterData',
    params: [{ ...op, callGasLimit: toHex(BigInt(op.callGasLimit!) + BigInt(i)) }, DEVNET_AA.entryPoint, toHex(31337), {}],
  })
  const started = performance.now()
  const r = await fetchFn(url('/v1/paymaster/eip155:31337'), { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const answer = (await r.json()) as { result?: { paymasterData?: string }; error?: unknown }
  if (!answer.result?.paymasterData) throw new Error(`not signed: ${JSON.stringify(answer.error)}`)
  if (i >= 20) times.push(performance.now() - started) // the first 20 warm the process
}
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2)
console.log(
  `sponsorship request → signed (${bound ? 'session-bound, budgets' : 'anonymous'}; ${root}): ${N} sequential, median ${at(0.5)} ms, p99 ${at(0.99)} ms; ` +
    `database ${server.ctx.db.kind}; load ${loadavg()[0]!.toFixed(2)}`,
)
await server.close()
await devnet.stop()
