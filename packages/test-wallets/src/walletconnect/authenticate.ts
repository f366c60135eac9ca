/**
 * One-click auth on the WalletConnect test wallet: it answers `session_authenticate`
 * (wc_sessionAuthenticate, CAIP-122 + ReCaps) by signing one CACAO with its dev key, the way
 * wallets that support it do, or refuses it. A wallet with this off never listens, so the
 * dapp's fallback session proposal arrives instead (connect, then sign).
 */
import type { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import type { PrivateKeyAccount } from 'viem'

export interface AuthenticateContext {
  client: InstanceType<typeof SignClient>
  account: PrivateKeyAccount
  /** The eip155 chains the wallet supports. */
  chains: string[]
  methods: readonly string[]
  /** Waits for the user's decision (the wallet's rules, autoApprove or a person). */
  decide(summary: string): Promise<'approve' | 'reject'>
  /** The chain the wallet signed for becomes its current one. */
  onChain(caip2: string): void
  onHandled(approved: boolean, result?: unknown, error?: { code: number; message: string }): void
  note(line: string): void
}

export function answerAuthentication(ctx: AuthenticateContext) {
  const { client } = ctx
  const onRequest = async ({ id, params }: SignClientTypes.EventArguments['session_authenticate']) => {
    const { authPayload, requester } = params
    const summary = `sign-in request from ${requester.metadata.name} (${authPayload.domain}) on ${authPayload.chains.join(', ')}`
    try {
      if ((await ctx.decide(summary)) === 'reject') {
        await client.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
        ctx.onHandled(false, undefined, { code: 5000, message: 'User rejected.' })
        ctx.note(`rejected ${summary}`)
        return
      }
      // The request narrowed to the chains and methods this wallet has (the recap says which).
      const payload = populateAuthPayload({ authPayload, chains: ctx.chains, methods: [...ctx.methods] })
      const chain = payload.chains[0]!
      const iss = `did:pkh:${chain}:${ctx.account.address}`
      const message = client.formatAuthMessage({ request: payload, iss })
      const signature = await ctx.account.signMessage({ message })
      const auth = buildAuthObject(payload, { t: 'eip191', s: signature }, iss)
      const { session } = await client.approveSessionAuthenticate({ id, auths: [auth] })
      ctx.onChain(chain)
      ctx.onHandled(true, session?.topic)
      ctx.note(`signed in with ${summary}${session ? `: session ${session.topic.slice(0, 8)}…` : ''}`)
    } catch (error) {
      ctx.note(`sign-in request failed: ${(error as Error).message}`)
      await client.rejectSessionAuthenticate({ id, reason: getSdkError('UNSUPPORTED_CHAINS') }).catch(() => undefined)
    }
  }
  client.on('session_authenticate', onRequest)
  return () => void client.off('session_authenticate', onRequest)
}
