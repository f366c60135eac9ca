-- Custody hardening of the embedded wallet (packages/secure-frame/CUSTODY.md): sessions and every
-- release bound to a device key the frame generated (DPoP, cnf.jkt), the recovery window, user-held
-- factors (passkey with PRF, recovery password) and the details the approval mail names.
alter table auth_sessions add column jkt text;
alter table auth_sessions add column enc_key text;
alter table auth_sessions add column recovery_until timestamptz;
alter table auth_sessions add column recovery_released_at timestamptz;
alter table auth_sessions add column factor_verified_at timestamptz;
alter table auth_sessions add column host_origin text;
alter table auth_sessions add column user_agent text;
alter table auth_sessions add column ip text;
-- DPoP proofs seen (jti), kept until they are too old to be accepted anyway.
create table auth_dpop_jtis (
  jti text primary key,
  expires_at timestamptz not null
);
create index auth_dpop_jtis_by_expiry on auth_dpop_jtis (expires_at);
-- What the approval mail and page name, and the code the requesting modal shows too.
alter table auth_device_approvals add column host_origin text;
alter table auth_device_approvals add column user_agent text;
alter table auth_device_approvals add column ip text;
alter table auth_device_approvals add column match_code text;
-- Social sign-ins finish on the secure origin: the server redeems the code at the callback and
-- keeps the result for the device key that started the sign-in.
alter table auth_social_states add column jkt text;
alter table auth_social_states add column result_user_id text;
alter table auth_social_states add column result_error text;
alter table auth_social_states add column redeemed_at timestamptz;
alter table auth_social_states add column user_agent text;
alter table auth_social_states add column ip text;
alter table auth_farcaster_channels add column jkt text;
-- true: first_ciphertext holds a share the frame wrapped under a key only a user factor opens.
alter table auth_recovery_shares add column protected boolean not null default false;
-- User-held factors. The server keeps an authentication key (derived in the frame from the
-- factor, sealed at rest) to gate releases, and the recovery wrap key encrypted under a key it
-- never sees.
create table auth_factors (
  id text primary key,
  user_id text not null references auth_users (id) on delete cascade,
  kind text not null,
  credential_id text,
  prf_salt text,
  kdf jsonb,
  auth_key_ciphertext text not null,
  wrapped_key text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index auth_factors_by_user on auth_factors (user_id);
-- Single-use challenges for factor proofs and key proofs (a signature by the wallet's own key).
create table auth_challenges (
  id text primary key,
  session_id text not null,
  purpose text not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null
);
-- Failed factor proofs (online guessing is limited per user).
create table auth_factor_failures (
  id bigserial primary key,
  user_id text not null,
  created_at timestamptz not null
);
create index auth_factor_failures_by_user on auth_factor_failures (user_id, created_at);
