-- Wallet registry served by GET /getWallets. Seeded at startup from src/registry/wallets.json
-- (source 'seed'); operators may add their own rows with another source.
create table if not exists wallets (
  id text primary key,
  name text not null,
  sort_order integer not null,
  image_id text not null,
  color text not null default '#3B82F6',
  initials text,
  rdns text,
  homepage text,
  mobile_link text,
  desktop_link text,
  webapp_link text,
  app_store text,
  play_store text,
  chains jsonb not null default '[]',
  injected jsonb not null default '[]',
  custom_evm_chains boolean not null default false,
  source text not null default 'seed',
  updated_at timestamptz not null default now()
);
create index if not exists wallets_sort_order_idx on wallets (sort_order, id);
create index if not exists wallets_image_id_idx on wallets (image_id);
create table if not exists wallet_registry_meta (
  key text primary key,
  value text not null
);
