-- Solana history (src/solana/indexer.ts): a Solana chain has no cheap "every block" feed, so the
-- server follows the addresses it is asked about (balance, history) by their signatures.
-- Solana addresses, signatures and mints are base58 and stored as they are (case matters).
create table solana_watched (
  chain_id text not null,
  address text not null,
  requested_at timestamptz not null default now(),
  primary key (chain_id, address)
);

-- The newest signature read per followed account (a wallet address or one of its token accounts).
create table solana_signature_cursors (
  chain_id text not null,
  account text not null,
  last_signature text not null,
  updated_at timestamptz not null default now(),
  primary key (chain_id, account)
);

-- The network fee a transaction paid, in the chain's smallest native unit (lamports); null where not recorded (EVM).
alter table chain_transactions add column fee text;
