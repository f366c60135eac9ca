-- An instance that does not lead a Solana cluster, asked about an address, sets wanted_at and waits until the
-- leader records a sync of the address that started after it (synced_at, 095): the leader writes synced_at only
-- for addresses someone waits for (src/solana/indexer.ts).
alter table solana_watched add column wanted_at timestamptz;
