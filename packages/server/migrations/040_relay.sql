-- WalletConnect relay mailbox: one row per message per topic, kept until its ttl, so a relay
-- restart loses none. Times are epoch milliseconds.
create table relay_messages (
  topic text not null,
  message_hash text not null,
  message text not null,
  tag integer not null default 0,
  ttl_seconds integer not null,
  publisher text not null,
  attestation text,
  published_at bigint not null,
  expires_at bigint not null,
  primary key (topic, message_hash)
);
create index relay_messages_expires_at on relay_messages (expires_at);
-- Which client (the JWT's iss) has acknowledged which message: acks follow the client, not the socket.
create table relay_acks (
  client_id text not null,
  topic text not null,
  message_hash text not null,
  expires_at bigint not null,
  primary key (client_id, topic, message_hash)
);
create index relay_acks_expires_at on relay_acks (expires_at);
-- Subscriptions per client id (clients also re-send irn_batchSubscribe on every reconnect).
create table relay_subscriptions (
  client_id text not null,
  topic text not null,
  subscription_id text not null,
  expires_at bigint not null,
  primary key (client_id, topic)
);
create index relay_subscriptions_expires_at on relay_subscriptions (expires_at);
