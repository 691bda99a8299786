-- What was drawn, per UTC day, for judging limits (docs/stock-ledger.md "Limits"). A limit's used amount is the
-- sum of a period's days here (at most 366 rows), not of the ledger rows behind them: at ten million ledger rows an
-- employee's year is tens of thousands of rows, read on every issue.
-- One row per (kind, key, day):
--   kind 1  employee                 key1 employee_id, key2 0
--   kind 2  employee and item group  key1 employee_id, key2 the CID's item group when the row was posted
--   kind 3  tracking code            key1 tracking_code_id, key2 its level (1-4, the ledger column it sits in)
--   kind 4  employee and CID         key1 employee_id, key2 cid_no
-- amount: usage quantity x unit cost (issues add, returns and reversals of issues take away); qty: usage quantity.
-- A statement trigger on stock_transaction keeps it, so every writer of the ledger (the posting function, the
-- volume generator's set-based inserts) adds to it in the same transaction as its rows.
create table draw_total (
    site_id bigint not null,
    kind smallint not null check (kind between 1 and 4),
    key1 bigint not null,
    key2 bigint not null default 0,
    day date not null,
    amount numeric not null default 0,
    qty numeric(18, 3) not null default 0,
    primary key (site_id, kind, key1, key2, day)
);

-- The ledger so far.
insert into draw_total (site_id, kind, key1, key2, day, amount, qty)
select n.site_id, k.kind, k.key1, k.key2, (n.trans_date at time zone 'UTC')::date, sum(n.usage_qty * coalesce(n.unit_cost, 0)), sum(n.usage_qty)
from stock_transaction n
left join cid c on c.cid_no = n.cid_no
cross join lateral (values (1::smallint, n.employee_id, 0::bigint), (2::smallint, n.employee_id, c.item_group_id),
                           (3::smallint, n.track1_id, 1::bigint), (3::smallint, n.track2_id, 2::bigint),
                           (3::smallint, n.track3_id, 3::bigint), (3::smallint, n.track4_id, 4::bigint),
                           (4::smallint, n.employee_id, n.cid_no)) k (kind, key1, key2)
where n.usage_qty <> 0 and k.key1 is not null and k.key2 is not null
group by n.site_id, k.kind, k.key1, k.key2, (n.trans_date at time zone 'UTC')::date;

alter table draw_total enable row level security;
alter table draw_total force row level security;
create policy site_isolation on draw_total using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));

-- Rows are added in key order, so two postings sharing tracking codes lock their day rows in the same order.
create function draw_total_add() returns trigger language plpgsql set search_path from current as $$
begin
    insert into draw_total as d (site_id, kind, key1, key2, day, amount, qty)
    select n.site_id, k.kind, k.key1, k.key2, (n.trans_date at time zone 'UTC')::date, sum(n.usage_qty * coalesce(n.unit_cost, 0)), sum(n.usage_qty)
    from new_rows n
    left join cid c on c.cid_no = n.cid_no
    cross join lateral (values (1::smallint, n.employee_id, 0::bigint), (2::smallint, n.employee_id, c.item_group_id),
                               (3::smallint, n.track1_id, 1::bigint), (3::smallint, n.track2_id, 2::bigint),
                               (3::smallint, n.track3_id, 3::bigint), (3::smallint, n.track4_id, 4::bigint),
                               (4::smallint, n.employee_id, n.cid_no)) k (kind, key1, key2)
    where n.usage_qty <> 0 and k.key1 is not null and k.key2 is not null
    group by n.site_id, k.kind, k.key1, k.key2, (n.trans_date at time zone 'UTC')::date
    order by n.site_id, k.kind, k.key1, k.key2, 5
    on conflict (site_id, kind, key1, key2, day) do update set amount = d.amount + excluded.amount, qty = d.qty + excluded.qty;
    return null;
end $$;
create trigger draw_total_add after insert on stock_transaction referencing new table as new_rows
    for each statement execute function draw_total_add();
