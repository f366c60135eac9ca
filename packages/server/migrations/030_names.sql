-- Name service (/v1/profile): one row per registered name (label + suffix, lower-case).
create table name_records (
  name text primary key,
  attributes jsonb not null default '{}',
  registered_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The addresses a name resolves to, one per ENSIP-11 coin type; address_key is the lookup form (EVM lower-case).
create table name_addresses (
  name text not null references name_records (name) on delete cascade,
  coin_type bigint not null,
  address text not null,
  address_key text not null,
  created timestamptz not null default now(),
  primary key (name, coin_type)
);
create index name_addresses_by_address on name_addresses (address_key, created);
