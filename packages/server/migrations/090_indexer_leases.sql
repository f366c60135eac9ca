-- The indexer's fencing tokens: one row per chain whose epoch grows each time an instance takes the
-- chain's leadership (on the advisory lock's own connection, so only a lock holder can take one).
-- Every write of indexed rows, blocks and cursors checks its epoch in the same transaction (row
-- locked), so a leader that lost its lock mid-step cannot write over its successor (src/indexer/fence.ts).
create table indexer_leases (
  chain_id text primary key,
  epoch bigint not null,
  taken_at timestamptz not null default now()
);
