-- Sandbox onramp orders (test purchases only, no real money): one row per completed or attempted purchase.
create table onramp_orders (
  id text primary key,
  project_id text not null,
  provider text not null,
  wallet text not null,
  chain text not null,
  asset text not null,
  amount text not null,
  payment_amount text not null,
  payment_currency text not null,
  payment_method text not null,
  status text not null,
  tx_hash text,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index onramp_orders_by_wallet on onramp_orders (project_id, wallet, created_at);
