-- Gas sponsorship (ERC-7677): one row per UserOperation the paymaster signed, bound to the signed-in
-- embedded-wallet user who asked for it. reserved_wei (the operation's most: its gas limits at its max
-- fee) counts against the user's and the project's daily budgets until the EntryPoint's
-- UserOperationEvent gives actual_wei (the indexer sets it); without an event it keeps counting its
-- reservation. Budgets are per chain: wei of one chain is not wei of another.
create table sponsorships (
  user_op_hash text primary key,
  project_id text not null,
  caip2 text not null,
  user_id text not null,
  sender text not null,
  reserved_wei numeric(78, 0) not null,
  actual_wei numeric(78, 0),
  valid_until timestamptz not null,
  created_at timestamptz not null
);
create index sponsorships_project_day on sponsorships (project_id, caip2, created_at);
-- One row per project and chain, locked (select … for update) while a sponsorship is counted, so that
-- parallel requests of one project take their turns: the sums they check are the sums they leave.
create table sponsorship_locks (
  project_id text not null,
  caip2 text not null,
  primary key (project_id, caip2)
);
