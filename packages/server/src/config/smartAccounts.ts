import { z } from 'zod'
import { caip2, hexAddress, httpUrl, positiveInt, secret } from './fields.js'

/** Safe 1.4.1 + Safe4337Module contracts of a chain (what permissionless' toSafeSmartAccount takes). */
const safeContracts = z.strictObject({
  singleton: hexAddress(),
  proxyFactory: hexAddress(),
  moduleSetup: hexAddress(),
  module4337: hexAddress(),
  multiSend: hexAddress(),
  multiSendCallOnly: hexAddress(),
})

const weiAmount = () => z.string().regex(/^\d{1,30}$/, { error: 'expected a whole number of wei (a decimal string)' })

export const privateKeyHex = () =>
  z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'expected a 0x private key (32 bytes hex)' }) as unknown as z.ZodType<`0x${string}`>

export const SmartAccountChainSchema = z.strictObject({
  bundlerUrl: secret(httpUrl()),
  entryPoint: hexAddress(),
  safe: safeContracts,
  /** A VerifyingPaymaster (@account-abstraction/contracts 0.7) whose verifyingSigner is paymaster.signerKey's address. */
  paymaster: hexAddress().optional(),
})
export type SmartAccountChain = z.infer<typeof SmartAccountChainSchema>

/** ERC-4337 smart accounts of the embedded wallet: bundlers, contracts, gas sponsorship. */
export const smartAccountsShape = {
  smartAccounts: z
    .strictObject({
      chains: z.record(caip2(), SmartAccountChainSchema).default({}),
      paymaster: z
        .strictObject({
          signerKey: secret(privateKeyHex()),
          /** What one sponsored UserOperation may cost at most (its gas limits × maxFeePerGas), in wei, as a decimal string. */
          maxCostWei: weiAmount().default('50000000000000000'),
          /** Sponsored wei a day for one user of a project on one chain (UTC days; reserved when signed, the actual cost once mined). */
          perUserPerDayWei: weiAmount().default('50000000000000000'),
          /** Sponsored wei a day for a whole project on one chain. */
          perProjectPerDayWei: weiAmount().default('5000000000000000000'),
          /** Signed sponsorships a minute for a whole project on one chain (refused requests never count). */
          perProjectPerMinute: positiveInt().default(120),
          /** Paymaster and bundler calls a minute from one client address. */
          perIpPerMinute: positiveInt().default(120),
          /** Paymaster and bundler calls a minute for one signed-in user. */
          perUserPerMinute: positiveInt().default(30),
          validForSeconds: positiveInt().default(600),
          /** maxFeePerGas ≤ this × (2 × base fee + priority fee) and maxPriorityFeePerGas ≤ this × the chain's priority fee. */
          feeMultiple: z.number().min(1).max(100).default(3),
          /** preVerificationGas ≤ the server's estimate × (1 + this). */
          preVerificationGasMargin: z.number().min(0).max(10).default(0.3),
          maxCallGasLimit: positiveInt().default(5_000_000),
          maxVerificationGasLimit: positiveInt().default(1_500_000),
        })
        .optional(),
    })
    .optional()
    .describe(
      "ERC-4337 smart accounts for the embedded wallet: per chain (CAIP-2) {bundlerUrl (proxied, never shown), entryPoint (v0.7), safe: {singleton, proxyFactory, moduleSetup, module4337, multiSend, multiSendCallOnly}, paymaster (a VerifyingPaymaster)}, and paymaster: {signerKey (the paymaster's verifyingSigner), maxCostWei, perUserPerDayWei, perProjectPerDayWei, perProjectPerMinute, perIpPerMinute, perUserPerMinute, validForSeconds, feeMultiple, preVerificationGasMargin, maxCallGasLimit, maxVerificationGasLimit} for sponsored gas (ERC-7677), only to a signed-in embedded-wallet user for their own Safe. A project turns them on per chain with smartAccountNetworks and sponsoredNetworks, and may set its own budgets with sponsorshipBudget.",
    ),
}
