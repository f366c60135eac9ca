import type { Queryable } from '../db/database.js'

/** SPEC §7 'Analytics': an event or an error report as posted to POST /e. */
export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  /** Milliseconds since the epoch, as the client saw it. */
  timestamp: number
  props: {
    type: 'track' | 'error'
    event: string
    address?: string
    properties?: Record<string, unknown>
    errorType?: string
    errorMessage?: string
    stackTrace?: string
  }
}

export interface StoredAnalyticsEvent extends AnalyticsEvent {
  projectId: string
  receivedAt: Date
}

/** Stores one event; a repeated eventId for the same project is ignored (client retries). Returns whether it was new. */
export async function insertAnalyticsEvent(db: Queryable, projectId: string, event: AnalyticsEvent): Promise<boolean> {
  const rows = await db.query(
    `insert into analytics_events (project_id, event_id, url, domain, "timestamp", props) values ($1, $2, $3, $4, $5, $6)
     on conflict (project_id, event_id) do nothing returning id`,
    [projectId, event.eventId, event.url, event.domain, event.timestamp, JSON.stringify(event.props)],
  )
  return rows.length > 0
}

export interface AnalyticsEventFilter {
  projectId: string
  type?: 'track' | 'error'
  event?: string
  eventId?: string
  limit?: number
}

/** The newest events of a project first (tests, operator tooling). */
export async function listAnalyticsEvents(db: Queryable, filter: AnalyticsEventFilter): Promise<StoredAnalyticsEvent[]> {
  const where = ['project_id = $1']
  const params: unknown[] = [filter.projectId]
  if (filter.type) where.push(`props->>'type' = $${params.push(filter.type)}`)
  if (filter.event) where.push(`props->>'event' = $${params.push(filter.event)}`)
  if (filter.eventId) where.push(`event_id = $${params.push(filter.eventId)}`)
  const rows = await db.query<{
    project_id: string
    event_id: string
    url: string
    domain: string
    timestamp: string | number
    props: unknown
    received_at: Date | string
  }>(
    `select project_id, event_id, url, domain, "timestamp", props, received_at from analytics_events
     where ${where.join(' and ')} order by received_at desc, id desc limit $${params.push(Math.min(filter.limit ?? 100, 1000))}`,
    params,
  )
  return rows.map((r) => ({
    projectId: r.project_id,
    eventId: r.event_id,
    url: r.url,
    domain: r.domain,
    timestamp: Number(r.timestamp),
    props: (typeof r.props === 'string' ? JSON.parse(r.props) : r.props) as AnalyticsEvent['props'],
    receivedAt: new Date(r.received_at),
  }))
}
