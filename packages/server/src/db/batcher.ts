/**
 * Group commit: the calls made while a write is running (or in the same turn of the event loop) are
 * written together by one `run(items)` — one statement for many rows. PGlite pays per statement
 * (measured: ~1 ms for a relay message's two statements alone, ~0.08 ms a message in one statement of
 * 500), and PostgreSQL per round trip, so a burst of writes costs a few statements instead of one each.
 *
 * `run` gets the items in the order they were queued and returns one result per item, in the same order;
 * if it throws, every item of that batch fails with its error. With `key`, a batch holds at most one
 * item per key (the rest wait for the next batch, in order): a statement never writes one row twice, and
 * checks that read the table (a mailbox's size) see every earlier item of the same key. With `delayMs`, a
 * batch waits that long for more items (for writes nobody waits on: fewer, larger statements leave the
 * database free for the ones that are waited on).
 */
export function batcher<T, R>(
  run: (items: T[]) => Promise<R[]>,
  opts: { max?: number; key?: (item: T) => string; delayMs?: number } = {},
): (item: T) => Promise<R> {
  const max = opts.max ?? 1000
  type Entry = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }
  let queue: Entry[] = []
  let running = false

  const take = (): Entry[] => {
    if (!opts.key && queue.length <= max) return queue.splice(0)
    const batch: Entry[] = []
    const rest: Entry[] = []
    const keys = new Set<string>()
    for (const entry of queue) {
      const key = opts.key?.(entry.item)
      if (batch.length >= max || (key !== undefined && keys.has(key))) rest.push(entry)
      else {
        if (key !== undefined) keys.add(key)
        batch.push(entry)
      }
    }
    queue = rest
    return batch
  }

  const flush = async () => {
    try {
      while (queue.length > 0) {
        const batch = take()
        try {
          const results = await run(batch.map((e) => e.item))
          batch.forEach((e, i) => e.resolve(results[i] as R))
        } catch (error) {
          for (const e of batch) e.reject(error)
        }
      }
    } finally {
      running = false
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (running) return
      running = true
      // After this turn's I/O callbacks: the other frames of a burst read with this one join the batch.
      if (opts.delayMs) setTimeout(() => void flush(), opts.delayMs)
      else setImmediate(() => void flush())
    })
}
