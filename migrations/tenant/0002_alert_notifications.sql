-- Alert notifications sent at a site and who received them (read by Alert Auditing; written by the alerts feature).
-- type_notification_id refers to the shared list asp.type_notification.
create table notification (
    notification_id bigint generated always as identity primary key,
    site_id bigint not null,
    type_notification_id bigint not null,
    notification_name text not null default '',
    subject text,
    po_no bigint,
    wo_no bigint,
    req_no bigint,
    cip_no bigint,
    cid_no bigint,
    created_timestamp timestamptz not null default now()
);
create index notification_site_time_idx on notification (site_id, created_timestamp);
create index notification_po_idx on notification (po_no) where po_no is not null;
create index notification_wo_idx on notification (wo_no) where wo_no is not null;
create index notification_req_idx on notification (req_no) where req_no is not null;
create index notification_cip_idx on notification (cip_no) where cip_no is not null;

create table notification_recipient (
    notification_recipient_id bigint generated always as identity primary key,
    site_id bigint not null,
    notification_id bigint not null references notification (notification_id) on delete cascade,
    asp_users_id bigint,
    username text not null,
    inbox_sent boolean not null default false,
    email_sent boolean not null default false,
    text_sent boolean not null default false,
    toastr_sent boolean not null default false,
    created_date timestamptz not null default now()
);
create index notification_recipient_notification_idx on notification_recipient (notification_id);
