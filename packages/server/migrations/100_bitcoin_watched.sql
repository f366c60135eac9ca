-- Bitcoin history (src/bitcoin/follower.ts): the bip122 addresses the server was asked about (balance,
-- history), followed through the chain's Esplora API. Addresses in their stored form (bech32 lower case,
-- base58 as given).
create table bitcoin_watched (
  chain_id text not null,
  address text not null,
  requested_at timestamptz not null default now(),
  primary key (chain_id, address)
);
