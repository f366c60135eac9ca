import type { Clock } from '../environment.js'

export interface RetryParameters<T> {
  run: () => Promise<T>
  /** Wait between the first two tries. */
  intervalMs: number
  /** Each later wait is this many times the one before: 2 for SPEC §7's exponential RPC backoff; 1 (a fixed interval) by default. */
  backoff?: number
  /** Tries in all, the first included (at least 1). */
  maxTries: number
  clock: Pick<Clock, 'setTimeout'>
  /** A failure that another try cannot fix (a user's rejection) ends at once. */
  shouldRetry?: (error: unknown) => boolean
}

/** SPEC §9 'Retry helper': runs `run` until it resolves, at most `maxTries` times, `intervalMs` apart; the last failure is thrown. */
export async function retry<T>({ run, intervalMs, backoff = 1, maxTries, clock, shouldRetry = () => true }: RetryParameters<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt >= Math.max(1, maxTries) || !shouldRetry(error)) throw error
      await new Promise<void>((resolve) => clock.setTimeout(resolve, intervalMs * backoff ** (attempt - 1)))
    }
  }
}
