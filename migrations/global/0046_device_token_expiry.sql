-- A device token may be issued for a limited time (issue 23: "a device token about to expire"): after expires_at the
-- authorizer refuses it like a revoked one. The daily job "Warn of device tokens about to expire" (job type 43) tells
-- the site's device administrators 14 days before, once (expiry_warned_at).
alter table asp.device_token
    add column expires_at timestamptz,
    add column expiry_warned_at timestamptz,
    add constraint device_token_expires_after_issue check (expires_at is null or expires_at > created_at);
create index device_token_expiring_idx on asp.device_token (expires_at)
    where expires_at is not null and revoked_at is null and expiry_warned_at is null;

insert into asp.job (job_id, job_type_id, description, schedule_type_id, run_at, next_run, active, log_level) values
    (43, 43, 'Warn of device tokens about to expire', 2, '06:00', now(), true, 'Info');
