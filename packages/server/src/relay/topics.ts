import type { RelayConnection, InflightMessage } from './connection.js'
import { requestFrame } from './jsonrpc.js'
import type { RelayOptions } from './options.js'
import { subscriptionId, type MessageCursor, type RelayStore, type StoredMessage } from './store.js'

/** Bytes an irn_subscription frame adds around its message. */
export const FRAME_OVERHEAD = 512

/**
 * This instance's sockets by topic, and delivery to them: live messages as the bus brings them,
 * stored ones a page at a time, acks back into the mailbox.
 */
export class RelayTopics {
  private readonly byTopic = new Map<string, Set<RelayConnection>>()

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

  /** A message the bus brought: to every socket of this instance on its topic, or into their backlog. */
  fanOut(m: StoredMessage) {
    for (const conn of this.byTopic.get(m.topic) ?? []) if (this.deliver(conn, m) === 'wait') this.schedule(conn, [m.topic])
  }

  /** Queues the stored messages of `topics` for delivery on `conn`. */
  schedule(conn: RelayConnection, topics: readonly string[]) {
    for (const t of topics) conn.backlog.add(t)
    void this.pump(conn).catch(this.onDeliveryError)
  }

  /** Marks a message delivered to the client (kept a while so that a retried publish is still a duplicate). */
  ack(conn: RelayConnection, m: InflightMessage) {
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
