-- Projects: who may use this server, from which origins, with which remote features.
create table projects (
  project_id text primary key,
  name text not null,
  allowed_origins jsonb not null default '[]',
  features jsonb not null default '{}',
  analytics boolean not null default true,
  created_at timestamptz not null default now()
);
