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
          maxCostWei: z
            .string()
            .regex(/^\d{1,30}$/, { error: 'expected a whole number of wei' })
            .default('50000000000000000'),
          perProjectPerMinute: positiveInt().default(120),
          perIpPerMinute: positiveInt().default(30),
          validForSeconds: positiveInt().default(600),
        })
        .optional(),
    })
    .optional()
    .describe(
      "ERC-4337 smart accounts for the embedded wallet: per chain (CAIP-2) {bundlerUrl (proxied, never shown), entryPoint (v0.7), safe: {singleton, proxyFactory, moduleSetup, module4337, multiSend, multiSendCallOnly}, paymaster (a VerifyingPaymaster)}, and paymaster: {signerKey (the paymaster's verifyingSigner), maxCostWei, perProjectPerMinute, perIpPerMinute, validForSeconds} for sponsored gas (ERC-7677). A project turns them on per chain with smartAccountNetworks and sponsoredNetworks.",
    ),
}
