import type { RelayConnection, InflightMessage } from './connection.js'
import { requestFrame } from './jsonrpc.js'
import type { RelayOptions } from './options.js'
import { subscriptionId, type MessageCursor, type PutResult, type RelayStore, type StoredMessage } from './store.js'

/** Bytes an irn_subscription frame adds around its message. */
export const FRAME_OVERHEAD = 512

/** Messages this instance delivered live lately, remembered so a retried publish is not delivered twice: at most this many, for RECENT_MS. */
export const RECENT_MAX = 20_000
export const RECENT_MS = 5 * 60_000

/**
 * This instance's sockets by topic, and delivery to them: live messages as the bus brings them,
 * stored ones a page at a time, acks back into the mailbox.
 */
export class RelayTopics {
  private readonly byTopic = new Map<string, Set<RelayConnection>>()
  /** `topic hash` → until when, of messages published on this instance and delivered live (oldest first). */
  private readonly recent = new Map<string, number>()
  /** Messages delivered live whose storing still runs: their acks wait for it (settles, never rejects). */
  private readonly storing = new Map<string, Promise<unknown>>()
  /** Messages delivered to this instance's sockets, live or from the bus. */
  fannedOut = 0

  constructor(
    private readonly store: RelayStore,
    private readonly opts: Pick<RelayOptions, 'deliveryPageSize' | 'retainAfterAckSeconds'>,
    private readonly now: () => number,
    private readonly onDeliveryError: (error: unknown) => void,
  ) {}

  index(conn: RelayConnection, topic: string) {
    conn.topics.add(topic)
    let set = this.byTopic.get(topic)
    if (!set) this.byTopic.set(topic, (set = new Set()))
    set.add(conn)
  }

  unindex(conn: RelayConnection, topic: string) {
    conn.topics.delete(topic)
    conn.backlog.delete(topic)
    const set = this.byTopic.get(topic)
    set?.delete(conn)
    if (set?.size === 0) this.byTopic.delete(topic)
  }

  /** A stored message (from the bus, another instance's publish): to every socket of this instance on its topic, or into their backlog. */
  fanOut(m: StoredMessage) {
    this.fannedOut++
    for (const conn of this.byTopic.get(m.topic) ?? []) if (this.deliver(conn, m) === 'wait') this.schedule(conn, [m.topic])
  }

  /**
   * A publish on this instance, live: sent at once to the sockets on its topic while the mailbox stores it
   * (`stored`), so delivery never waits for the database. What does wait for the mailbox's answer: sockets
   * with no room now (the delivery pump reads it from the mailbox), sockets that subscribed meanwhile, and
   * acks of it (the ack's shortened expiry must find the row). A message the mailbox refuses (its topic is
   * full) is not stored and goes no further than the sockets it was sent to at once. A retried publish this
   * instance delivered live lately is delivered only if the mailbox stores it anew.
   */
  publishLive(m: StoredMessage, stored: Promise<PutResult>) {
    const key = `${m.topic} ${m.hash}`
    const now = this.now()
    this.forgetRecent(now)
    if ((this.recent.get(key) ?? 0) > now) {
      void stored.then(
        (r) => r === 'stored' && this.fanOut(m),
        () => undefined,
      )
      return
    }
    this.recent.delete(key) // re-added last: the map stays in time order
    this.recent.set(key, now + RECENT_MS)
    this.fannedOut++
    const reached = new Set(this.byTopic.get(m.topic) ?? [])
    const waiting = [...reached].filter((conn) => this.deliver(conn, m) === 'wait')
    const settled = stored.then(
      (r) => r === 'stored',
      () => false,
    )
    this.storing.set(key, settled)
    void settled.then((ok) => {
      this.storing.delete(key)
      if (!ok) return
      for (const conn of waiting) this.schedule(conn, [m.topic])
      for (const conn of this.byTopic.get(m.topic) ?? []) if (!reached.has(conn) && this.deliver(conn, m) === 'wait') this.schedule(conn, [m.topic])
    })
  }

  private forgetRecent(now: number) {
    for (const [key, until] of this.recent) {
      if (until > now && this.recent.size < RECENT_MAX) break
      this.recent.delete(key)
    }
  }

  /** Queues the stored messages of `topics` for delivery on `conn`. */
  schedule(conn: RelayConnection, topics: readonly string[]) {
    for (const t of topics) conn.backlog.add(t)
    void this.pump(conn).catch(this.onDeliveryError)
  }

  /** Marks a message delivered to the client (kept a while so that a retried publish is still a duplicate). */
  async ack(conn: RelayConnection, m: InflightMessage) {
    await this.storing.get(`${m.topic} ${m.hash}`)
    return this.store.ack(conn.clientId, m, this.now() + this.opts.retainAfterAckSeconds * 1000)
  }

  /** The client's answer to an irn_subscription the relay sent. */
  async onResponse(conn: RelayConnection, id: number, ok: boolean) {
    const m = conn.inflight.get(id)
    if (!m) return
    conn.inflight.delete(id)
    const key = `${m.topic} ${m.hash}`
    // Forgotten as sent only once the ack is stored, so that no page read after it brings it back.
    if (ok) {
      await this.ack(conn, m)
      if (conn.reading > 0) conn.ackedWhileReading.add(key)
    }
    conn.sent.delete(key)
    conn.wake()
  }

  /** 'wait': no room on this socket now; the message stays in the mailbox for the delivery pump. */
  private deliver(conn: RelayConnection, m: StoredMessage): 'sent' | 'skipped' | 'wait' {
    if (m.publisher === conn.clientId || m.expiresAt <= this.now()) return 'skipped'
    const key = `${m.topic} ${m.hash}`
    if (conn.sent.has(key)) return 'skipped'
    if (!conn.hasRoom(m.message.length + FRAME_OVERHEAD)) return 'wait'
    const id = conn.nextId++
    const data: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag }
    if (m.attestation) data.attestation = m.attestation
    if (!conn.send(requestFrame(id, 'irn_subscription', { id: subscriptionId(m.topic, conn.clientId), data }))) return 'skipped'
    conn.sent.add(key)
    conn.inflight.set(id, { topic: m.topic, hash: m.hash, publishedAt: m.publishedAt, expiresAt: m.expiresAt })
    return 'sent'
  }

  /**
   * Delivers the stored messages of the connection's backlog topics a page at a time, each page only
   * once the previous one is mostly acknowledged and the socket's send buffer has drained: a client
   * with a full mailbox costs one page of memory, not the whole mailbox.
   */
  private async pump(conn: RelayConnection) {
    if (conn.pumping) return
    conn.pumping = true
    const pageSize = this.opts.deliveryPageSize
    try {
      while (conn.open && conn.backlog.size > 0) {
        const topics = [...conn.backlog].filter((t) => conn.topics.has(t))
        conn.backlog.clear()
        let after: MessageCursor | undefined
        while (conn.open && topics.length > 0) {
          await conn.waitForRoom()
          if (!conn.open) return
          conn.reading++
          const page = await this.store.pending(conn.clientId, topics, this.now(), { after, limit: pageSize }).finally(() => conn.reading--)
          // An ack that landed while the page was read: that message was delivered already.
          const acked = new Set(conn.ackedWhileReading)
          if (conn.reading === 0) conn.ackedWhileReading.clear()
          let waiting = false
          for (const m of page) {
            if (acked.has(`${m.topic} ${m.hash}`)) {
              after = { publishedAt: m.publishedAt, hash: m.hash }
              continue
            }
            if (this.deliver(conn, m) === 'wait') {
              waiting = true
              break
            }
            after = { publishedAt: m.publishedAt, hash: m.hash }
          }
          if (!waiting && page.length < pageSize) break
        }
      }
    } finally {
      conn.pumping = false
    }
  }
}
