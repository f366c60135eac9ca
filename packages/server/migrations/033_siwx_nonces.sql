-- Sign-in (SIWX) nonces issued by the server: one per message, bound to a project and an address,
-- short-lived, and deleted by the one session that uses it (a signed message is stored once).
create table siwx_nonces (
  nonce text primary key,
  project_id text not null,
  address_key text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index siwx_nonces_by_expiry on siwx_nonces (expires_at);
