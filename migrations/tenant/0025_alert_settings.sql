-- Alerts that reach people (issue 23, docs/alerts.md): each user's alert settings per site and type, their
-- tracking-code filters, the notification message's remaining fields (spec 3 "Notification message") and each
-- recipient's per-channel state. All site tier: settings are per user *and site*, so they live with the site's data
-- under row-level security like every other site-tier table.

-- One row per user, site and type the user changed; a type without a row takes the defaults (docs/alerts.md).
create table user_notification_setting (
    user_notification_setting_id bigint generated always as identity primary key,
    site_id bigint not null,
    asp_users_id bigint not null references asp.asp_users (asp_users_id) on delete cascade,
    type_notification_id bigint not null references asp.type_notification (type_notification_id),
    enable_inbox boolean not null default true,
    enable_email boolean not null default false,
    enable_text boolean not null default false,
    enable_toastr boolean not null default true,
    -- Off: the type is not received at all, whatever the channels say.
    is_active boolean not null default true,
    -- On: only events naming one of the row's tracking codes (user_notification_tracking_code) reach the user.
    filter_tracking_codes boolean not null default false,
    -- Requisition priority (1 most urgent): only requisitions of this priority or a more urgent one; null: all.
    filter_req_priority int check (filter_req_priority between 1 and 9),
    req_urgent_only boolean not null default false,
    updated_by_id bigint,
    updated_at timestamptz not null default now(),
    unique (asp_users_id, site_id, type_notification_id)
);
create index user_notification_setting_site_type_idx on user_notification_setting (site_id, type_notification_id);

create table user_notification_tracking_code (
    user_notification_tracking_code_id bigint generated always as identity primary key,
    site_id bigint not null,
    user_notification_setting_id bigint not null references user_notification_setting (user_notification_setting_id) on delete cascade,
    tracking_code_id bigint not null references tracking_code (tracking_code_id) on delete cascade,
    unique (user_notification_setting_id, tracking_code_id)
);

-- The message (spec 3 "Notification message"): bodies per channel and the records it is about. `link` is the
-- console address of the record (the inbox's "open" link and the e-mail's).
alter table notification
    add column notification_text text,
    add column body_text_message text,
    add column body_email text,
    add column body_inbox text,
    add column body_toastr text,
    add column link text,
    add column created_by bigint,
    add column active boolean not null default true,
    add column asp_release_id bigint,
    add column object_id bigint,
    add column asp_users_id bigint,
    add column wf_id bigint,
    add column wf_step_id bigint,
    add column employee_id bigint,
    add column tran_id bigint,
    add column rfq_id bigint,
    add column requestnumber text,
    add column catalog_id bigint,
    add column ih_id bigint;

-- Per channel a state: 0 not asked for, 1 pending (asked, not sent yet: the outbox a sender picks up), 2 sent,
-- 3 failed (the sender gave up; *_last_error says why). The inbox is delivered by the row itself (0 or 2). The
-- booleans of migration 0002 (inbox_sent, ...) stay what alert auditing shows: true once the channel was delivered.
alter table notification_recipient
    add column inbox_state smallint not null default 0 check (inbox_state in (0, 2)),
    add column inbox_read_at timestamptz,
    add column inbox_acknowledged_at timestamptz,
    add column inbox_removed_at timestamptz,
    add column toast_state smallint not null default 0 check (toast_state between 0 and 3),
    add column toast_sent_at timestamptz,
    add column email_state smallint not null default 0 check (email_state between 0 and 3),
    add column email_address text,
    add column email_sent_at timestamptz,
    add column email_last_error text,
    add column text_state smallint not null default 0 check (text_state between 0 and 3),
    add column text_address text,
    add column text_sent_at timestamptz,
    add column text_last_error text;

-- The inbox badge: a user's unread, not removed inbox rows.
create index notification_recipient_inbox_idx on notification_recipient (asp_users_id, site_id, notification_id)
    where inbox_state = 2 and inbox_removed_at is null;
-- The senders' outboxes.
create index notification_recipient_toast_pending_idx on notification_recipient (notification_recipient_id) where toast_state = 1;
create index notification_recipient_email_pending_idx on notification_recipient (notification_recipient_id) where email_state = 1;
create index notification_recipient_text_pending_idx on notification_recipient (notification_recipient_id) where text_state = 1;

do $$
declare
    t text;
begin
    foreach t in array array['user_notification_setting', 'user_notification_tracking_code']
    loop
        execute format('alter table %I enable row level security', t);
        execute format('alter table %I force row level security', t);
        execute format(
            'create policy site_isolation on %I using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()))',
            t
        );
    end loop;
end
$$;
