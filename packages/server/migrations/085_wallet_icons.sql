-- Wallet icons mirrored from the WalletConnect-explorer-compatible API the registry syncs from
-- (registry/sync.ts), served by the server itself at /icons/wallets/{image_id}.{ext}.
create table if not exists wallet_icons (
  image_id text primary key,
  content_type text not null,
  body bytea not null,
  sha256 text not null,
  updated_at timestamptz not null default now()
);
