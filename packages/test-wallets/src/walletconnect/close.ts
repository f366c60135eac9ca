import type { SignClient } from '@walletconnect/sign-client'

/** Stops a SignClient's socket and timers, so a process or test can end. */
export async function closeSignClient(client: InstanceType<typeof SignClient>) {
  const core = client.core as unknown as {
    relayer: { transportClose(): Promise<void>; events: { removeAllListeners(): void } }
    heartbeat?: { stop?(): void }
    expirer?: { events?: { removeAllListeners(): void } }
  }
  core.heartbeat?.stop?.()
  core.relayer.events.removeAllListeners()
  await core.relayer.transportClose().catch(() => undefined)
}
