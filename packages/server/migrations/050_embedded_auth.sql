-- The embedded wallet's auth server (issue 6): users, social identities, email OTP challenges,
-- device approvals, sessions with rotating refresh tokens, and the server's key shares (encrypted at rest).
create table auth_users (
  id text primary key,
  email text unique,
  preferred_account_type text not null default 'eoa',
  created_at timestamptz not null default now()
);
-- Identities are keyed by (provider, subject); 'email' identities use the address as subject.
create table auth_identities (
  provider text not null,
  subject text not null,
  user_id text not null references auth_users (id) on delete cascade,
  email text,
  email_verified boolean not null default false,
  username text,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);
-- One-time codes: only an HMAC of the code is stored.
create table auth_otp_challenges (
  id text primary key,
  purpose text not null,
  project_id text not null,
  email text not null,
  user_id text,
  device_id text not null,
  code_hmac text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null
);
create index auth_otp_challenges_by_email on auth_otp_challenges (email, created_at);
-- Every mail a trigger sent, for the send limits (per email and per IP).
create table auth_mail_sends (
  id bigserial primary key,
  email text not null,
  kind text not null,
  ip text not null,
  created_at timestamptz not null
);
create index auth_mail_sends_by_email on auth_mail_sends (email, created_at);
create index auth_mail_sends_by_ip on auth_mail_sends (ip, created_at);
-- A new device of an existing wallet waits for the link in the owner's mail.
create table auth_device_approvals (
  id text primary key,
  project_id text not null,
  user_id text not null references auth_users (id) on delete cascade,
  device_id text not null,
  token_hash text not null unique,
  otp_challenge_id text,
  expires_at timestamptz not null,
  approved_at timestamptz,
  created_at timestamptz not null
);
create table auth_sessions (
  id text primary key,
  user_id text not null references auth_users (id) on delete cascade,
  device_id text not null,
  project_id text not null,
  method text not null,
  refresh_hash text not null unique,
  previous_refresh_hash text,
  recovery_allowed boolean not null default false,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null
);
create index auth_sessions_by_user on auth_sessions (user_id);
-- What the frame checks after every combine: a hash of the secret and the derived addresses.
create table auth_wallets (
  user_id text primary key references auth_users (id) on delete cascade,
  secret_hash text not null,
  addresses jsonb not null,
  created_at timestamptz not null default now()
);
-- Per device a 2-of-2: the device keeps one share, the server this one (AES-256-GCM under the share key).
create table auth_device_shares (
  user_id text not null references auth_users (id) on delete cascade,
  device_id text not null,
  ciphertext text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, device_id)
);
-- The recovery 2-of-2 for new devices, each half under a key of its own (share key, recovery key).
create table auth_recovery_shares (
  user_id text primary key references auth_users (id) on delete cascade,
  first_ciphertext text not null,
  second_ciphertext text not null,
  created_at timestamptz not null default now()
);
-- OAuth/OIDC sign-ins in flight: state, nonce and the PKCE verifier (encrypted), bound to the frame.
create table auth_social_states (
  state text primary key,
  provider text not null,
  project_id text not null,
  host_origin text not null,
  device_id text not null,
  binding_hash text not null,
  nonce text not null,
  verifier_ciphertext text not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null
);
create table auth_email_changes (
  id text primary key,
  session_id text not null,
  user_id text not null references auth_users (id) on delete cascade,
  new_email text not null,
  primary_challenge_id text,
  secondary_challenge_id text,
  step text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
create table auth_farcaster_channels (
  channel_token text primary key,
  project_id text not null,
  device_id text not null,
  binding_hash text not null,
  nonce text not null,
  fid text,
  username text,
  approved_at timestamptz,
  consumed_at timestamptz,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
