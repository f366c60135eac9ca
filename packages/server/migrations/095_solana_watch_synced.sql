-- When the Solana follower's leader last brought a followed address up to date (src/solana/indexer.ts):
-- an instance that does not lead the chain, asked about an address, waits for a sync after its request
-- instead of writing itself (only the leader writes, under its fencing token).
alter table solana_watched add column synced_at timestamptz;
