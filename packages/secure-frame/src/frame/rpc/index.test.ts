// @vitest-environment node
/** The dispatch by CAIP-2 namespace (issue 29): each family reaches its own handlers; only eip155 meets the smart account. */
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { evmPrivateKey } from '../../families/eip155.js'
import { deriveKeys, newEntropy } from '../../keys.js'
import type { ApprovalContent } from '../approval.js'
import { UnauthorizedProviderError, UnsupportedProviderMethodError, UserRejectedRequestError } from '../errors/rpc.js'
import type { FrameSession } from '../session.js'
import { families, handleRpc, keyFamilies } from './index.js'

const activeSmartAccount = vi.hoisted(() => vi.fn(async () => undefined))
vi.mock('../activeAccount.js', () => ({ activeSmartAccount }))

const keys = deriveKeys(newEntropy(), keyFamilies)
const unlocked = { keys, account: privateKeyToAccount(evmPrivateKey(keys)), entropy: new Uint8Array() }
const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

function frame({ approved = true, signedIn = true } = {}) {
  const shown: ApprovalContent[] = []
  const session = {
    chainId: 31337,
    rpcUrlFor: () => undefined,
    wallet: { keys: signedIn ? unlocked : undefined },
    approvals: { approve: async (content: ApprovalContent) => (shown.push(content), approved) },
  } as unknown as FrameSession
  const rpc = (request: { method: string; params?: unknown; chainId?: number | string; chainNamespace?: string }) => handleRpc(session, request)
  return { rpc, shown }
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('expected a refusal'),
    (e: Error & { code: number }) => e,
  )

beforeEach(() => activeSmartAccount.mockClear())

describe('rpc/index: dispatch by namespace', () => {
  test('default: the families the frame serves', () => {
    expect(Object.keys(families)).toMatchInlineSnapshot(`
      [
        "eip155",
        "solana",
        "bip122",
      ]
    `)
  })

  test("behavior: each family's entry brings its key and its networks, for its own namespace", () => {
    for (const [namespace, family] of Object.entries(families)) {
      expect(family!.networks.namespace).toBe(namespace)
      expect(keyFamilies[namespace]).toBe(family!.keys)
      expect(keys.addresses[namespace]).toBeTypeOf('string')
    }
  })

  test('behavior: eip155 reaches its handlers, after the smart-account check', async () => {
    const { rpc, shown } = frame()
    expect(await rpc({ method: 'eth_chainId' })).toBe('0x7a69')
    const signature = (await rpc({ method: 'personal_sign', params: ['hello', keys.addresses.eip155], chainId: 'eip155:31337' })) as `0x${string}`
    expect(await verifyMessage({ address: keys.addresses.eip155 as `0x${string}`, message: 'hello', signature })).toBe(true)
    expect(shown).toHaveLength(1)
    expect(activeSmartAccount).toHaveBeenCalledTimes(2)
    expect(activeSmartAccount).toHaveBeenLastCalledWith(expect.anything(), 'eip155:31337')
  })

  test('behavior: a solana request reaches its handlers and never touches activeSmartAccount', async () => {
    const { rpc, shown } = frame()
    const message = base58.encode(new TextEncoder().encode('hello solana'))
    const { signature } = (await rpc({ method: 'solana_signMessage', params: { message }, chainId: SOLANA_DEVNET, chainNamespace: 'solana' })) as {
      signature: string
    }
    expect(ed25519.verify(base58.decode(signature), base58.decode(message), base58.decode(keys.addresses.solana))).toBe(true)
    // The Account row names the Solana account, not the eip155 one.
    expect(shown[0]!.account).toBe(keys.addresses.solana)
    // The namespace read from the chain id when the host gives none.
    await rpc({ method: 'solana_signMessage', params: { message }, chainId: SOLANA_DEVNET })
    expect(activeSmartAccount).not.toHaveBeenCalled()
  })

  test('error: a namespace the frame does not serve is refused with 4200, before any family', async () => {
    const { rpc } = frame()
    for (const request of [
      { method: 'personal_sign', chainNamespace: 'polkadot' },
      { method: 'personal_sign', chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' },
      { method: 'eth_chainId', chainId: 'cosmos:cosmoshub-4' },
    ]) {
      const error = await refusal(rpc(request))
      expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
      expect({ code: error.code, message: error.message }).toEqual({ code: 4200, message: expect.stringMatching(/does not serve (polkadot|cosmos) chains/) })
    }
    // bip122 is served (rpc/bip122.ts): another family's method is its own 4200.
    const bitcoin = await refusal(rpc({ method: 'personal_sign', chainId: 'bip122:000000000019d6689c085ae165831e93' }))
    expect({ code: bitcoin.code, message: bitcoin.message }).toEqual({
      code: 4200,
      message: 'personal_sign is not supported by the embedded wallet on Bitcoin',
    })
    expect(activeSmartAccount).not.toHaveBeenCalled()
  })

  test("error: a method off the protocol's list, or of another family, is 4200", async () => {
    const { rpc } = frame()
    expect((await refusal(rpc({ method: 'eth_sign' }))).code).toBe(4200)
    expect((await refusal(rpc({ method: 'personal_sign', chainId: SOLANA_DEVNET }))).code).toBe(4200)
    expect((await refusal(rpc({ method: 'solana_signMessage', params: { message: 'x' }, chainId: 31337 }))).code).toBe(4200)
  })

  test('error: the user rejects (4001) and a signed-out wallet (4100), in both families', async () => {
    const rejected = frame({ approved: false })
    const message = base58.encode(new TextEncoder().encode('no'))
    for (const request of [
      { method: 'personal_sign', params: ['no', keys.addresses.eip155] },
      { method: 'solana_signMessage', params: { message }, chainId: SOLANA_DEVNET },
    ]) {
      const error = await refusal(rejected.rpc(request))
      expect(error).toBeInstanceOf(UserRejectedRequestError)
      expect({ code: error.code, message: error.message }).toEqual({ code: 4001, message: 'User rejected the request' })
      expect(await refusal(frame({ signedIn: false }).rpc(request))).toBeInstanceOf(UnauthorizedProviderError)
    }
  })
})
