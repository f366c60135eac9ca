-- Analytics events and error reports posted to POST /e (SPEC §7 'Analytics').
create table if not exists analytics_events (
  id bigserial primary key,
  project_id text not null,
  event_id text not null,
  url text not null,
  domain text not null,
  "timestamp" bigint not null,
  props jsonb not null,
  received_at timestamptz not null default now()
);
create unique index if not exists analytics_events_event_idx on analytics_events (project_id, event_id);
create index if not exists analytics_events_project_received_idx on analytics_events (project_id, received_at);
