-- Social identities are keyed by the subject `provider:id` since the provider table
-- (src/auth/socialProviders.ts). Identities stored earlier under the bare OpenID `sub` keep their user.
update auth_identities set subject = provider || ':' || subject
where provider in ('google', 'apple', 'github', 'discord', 'x', 'facebook') and subject not like provider || ':%';
