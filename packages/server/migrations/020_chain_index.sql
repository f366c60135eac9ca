-- The chain indexer (src/indexer): per-chain progress, transactions with value or token
-- transfers, their transfers, and which addresses each transaction involves (for /history).
-- Addresses and hashes are stored lowercase; amounts and token ids as decimal text (uint256).
create table chain_cursors (
  chain_id text primary key,
  block_number bigint not null,
  block_hash text not null,
  updated_at timestamptz not null default now()
);

create table chain_transactions (
  chain_id text not null,
  hash text not null,
  block_number bigint not null,
  block_time bigint not null,
  tx_index integer not null,
  from_address text not null,
  to_address text,
  status text not null,
  primary key (chain_id, hash)
);

-- log_index is -1 for the native value transfer of a transaction.
create table chain_transfers (
  chain_id text not null,
  hash text not null,
  block_number bigint not null,
  log_index integer not null,
  kind text not null,
  token text,
  from_address text not null,
  to_address text not null,
  amount text not null,
  token_id text,
  primary key (chain_id, hash, log_index)
);

create table account_transactions (
  address text not null,
  chain_id text not null,
  hash text not null,
  block_time bigint not null,
  block_number bigint not null,
  tx_index integer not null,
  primary key (address, chain_id, hash)
);

create index account_transactions_page on account_transactions (address, block_time desc, chain_id desc, block_number desc, tx_index desc);

-- Token contract metadata read from the chain (ERC20 name/symbol/decimals, ERC721 collection name).
create table token_metadata (
  chain_id text not null,
  address text not null,
  kind text not null,
  name text,
  symbol text,
  decimals integer,
  fetched_at timestamptz not null default now(),
  primary key (chain_id, address)
);

-- ERC721 token metadata from tokenURI; ok false rows are failures retried after a while.
create table nft_metadata (
  chain_id text not null,
  contract text not null,
  token_id text not null,
  ok boolean not null,
  name text,
  image text,
  fetched_at timestamptz not null default now(),
  primary key (chain_id, contract, token_id)
);
