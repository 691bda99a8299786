-- What crib and vending devices reported (docs/devices.md). One row per (device token, device transaction id): the
-- unique key makes a report idempotent, whatever the device resends. The row keeps the line as sent and its outcome
-- (posted with the ledger row it made, or refused with the message), so a resent line answers as the first did.
create table device_transaction (
    device_transaction_id bigint generated always as identity primary key,
    site_id bigint not null,
    device_token_id bigint not null,
    device_txn_id text not null check (length(device_txn_id) between 1 and 100),
    happened_at timestamptz not null,
    received_at timestamptz not null default now(),
    kind text not null check (kind in ('issue', 'return')),
    cip_no bigint,
    employee text not null,
    quantity numeric(18, 3) not null,
    outcome text not null check (outcome in ('posted', 'refused')),
    message text,
    stock_transaction_id bigint,
    line jsonb not null
);
create unique index device_transaction_device_txn_key on device_transaction (device_token_id, device_txn_id);
create index device_transaction_site_received_idx on device_transaction (site_id, received_at desc);

alter table device_transaction enable row level security;
alter table device_transaction force row level security;
create policy site_isolation on device_transaction using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));
