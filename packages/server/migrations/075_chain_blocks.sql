-- The indexer's recent block hashes per chain (the last indexer.reorgDepth blocks it indexed): on a
-- reorg they are compared with the chain's to find the common ancestor, and only the blocks above
-- it are rolled back (src/indexer/reorg.ts).
create table chain_blocks (
  chain_id text not null,
  block_number bigint not null,
  block_hash text not null,
  primary key (chain_id, block_number)
);
