-- The device approval now follows the login code (the start of a login answers the same whether
-- or not the email has a wallet): the approval row names the verified code's challenge, and the
-- session is issued once, to the polling device, when the approval was used.
alter table auth_device_approvals add column session_issued_at timestamptz;
