-- Wrong factor proofs (auth/factorTries.ts), per device (device_id: the session's DPoP key) and per
-- user (device_id ''). A try is counted before its proof is checked, under a row lock, and given
-- back when the proof was right; the wait before the next try follows from failures and
-- last_failed_at. notice_at: the last mail to the owner about this device's wrong tries.
create table auth_factor_tries (
  user_id text not null,
  device_id text not null,
  failures integer not null default 0,
  last_failed_at timestamptz,
  notice_at timestamptz,
  primary key (user_id, device_id)
);
-- The fixed hourly count per user it replaces.
drop table auth_factor_failures;
