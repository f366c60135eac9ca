-- Sign-in (SIWX) sessions per project and address; one per (chain, nonce). Signatures are stored, not yet verified.
create table siwx_sessions (
  id bigserial primary key,
  project_id text not null,
  address_key text not null,
  chain_id text not null,
  nonce text not null,
  data jsonb not null,
  message text not null,
  signature text not null,
  cacao jsonb,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  unique (project_id, address_key, chain_id, nonce)
);
create index siwx_sessions_by_expiry on siwx_sessions (expires_at);
