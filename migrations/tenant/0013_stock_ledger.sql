-- The stock ledger (domain.md section 2, docs/stock-ledger.md): every change of a CIP quantity is one row here,
-- posted with the CIP's quantity columns in one transaction under the CIP's row lock. Rows are never deleted and
-- their facts never change; a reversal is a new row that marks the original reversed.

-- Which 4-week period, month and year the CIP's usage buckets are relative to (docs/stock-ledger.md "Usage").
alter table cip
    add column usage_period int,
    add column usage_month int,
    add column usage_year int;

create table stock_transaction (
    tran_id bigint generated always as identity primary key,
    site_id bigint not null,
    -- spec 1 section 4: ISS 1, REC 2, PAD 3, RIS 5, NAD 6, RCB 7, RRT 9, OHP 10, RFR 11, OHN 14, WRC 15, RRC 16,
    -- SCR 17, XER 19, XPE 28, CRB 33.
    trans_code int not null check (trans_code in (1, 2, 3, 5, 6, 7, 9, 10, 11, 14, 15, 16, 17, 19, 28, 33)),
    trans_date timestamptz not null default now(),
    posted_at timestamptz not null default now(),
    cip_no bigint not null references cip (cip_no),
    -- Copies of what the search grid shows, taken at posting time, so the search needs no join.
    cid_no bigint,
    cip_code text not null,
    cust_item_code text,
    cust_desc1 text,
    location text,
    -- Signed change of on hand; the other columns' changes beside it (the code table's factors x quantity).
    trans_qty numeric(18, 3) not null,
    on_hold_change numeric(18, 3) not null default 0,
    on_order_change numeric(18, 3) not null default 0,
    backorder_change numeric(18, 3) not null default 0,
    scrap_change numeric(18, 3) not null default 0,
    work_order_change numeric(18, 3) not null default 0,
    transfer_change numeric(18, 3) not null default 0,
    excess_change numeric(18, 3) not null default 0,
    -- Issues minus returns: what the row added to usage.
    usage_qty numeric(18, 3) not null default 0,
    qty_on_hand_before numeric(18, 3) not null,
    qty_on_hand_after numeric(18, 3) not null,
    -- The unit cost the row is costed at (receipts: the receipt's cost; others: the average cost at posting) and
    -- the average cost after the row.
    unit_cost numeric(18, 4),
    cust_avg_cost numeric(18, 4),
    extended_cost numeric(18, 3),
    selling_price numeric(18, 3),
    employee_id bigint references employee (employee_id),
    employee_number text,
    employee_name text,
    supervisor_id bigint references employee (employee_id),
    track1_id bigint references tracking_code (tracking_code_id),
    track2_id bigint references tracking_code (tracking_code_id),
    track3_id bigint references tracking_code (tracking_code_id),
    track4_id bigint references tracking_code (tracking_code_id),
    track1 text, track2 text, track3 text, track4 text,
    req_no text,
    po_no text,
    serial_lot text,
    notes text,
    external_ref text,
    user_id bigint,
    user_login text,
    reverses_tran_id bigint references stock_transaction (tran_id),
    pair_tran_id bigint references stock_transaction (tran_id),
    -- What may change after posting: the reversal mark, the ERP export state, the packing list, the status.
    reversed boolean not null default false,
    reversed_by_tran_id bigint references stock_transaction (tran_id),
    -- ERP export: 0 pending, 1 exported, 2 error.
    erp_status int not null default 0 check (erp_status between 0 and 2),
    pack_no text,
    -- 1 posted, 2 reversal.
    status int not null default 1 check (status in (1, 2)),
    check (qty_on_hand_after = qty_on_hand_before + trans_qty)
);
-- The search page: newest first at a site; by CIP (also the invariant and the CIP's history); by employee and by
-- tracking code (the limit sums of one period).
create index stock_transaction_site_date_idx on stock_transaction (site_id, trans_date desc, tran_id desc);
create index stock_transaction_cip_idx on stock_transaction (cip_no, trans_date desc);
create index stock_transaction_employee_idx on stock_transaction (employee_id, trans_date) where employee_id is not null;
create index stock_transaction_track1_idx on stock_transaction (track1_id, trans_date) where track1_id is not null;
create index stock_transaction_track2_idx on stock_transaction (track2_id, trans_date) where track2_id is not null;
create index stock_transaction_track3_idx on stock_transaction (track3_id, trans_date) where track3_id is not null;
create index stock_transaction_track4_idx on stock_transaction (track4_id, trans_date) where track4_id is not null;
create unique index stock_transaction_external_ref_key on stock_transaction (site_id, external_ref) where external_ref is not null;

alter table stock_transaction enable row level security;
alter table stock_transaction force row level security;
create policy site_isolation on stock_transaction using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));

-- Posted facts never change and rows are never deleted.
create function stock_transaction_immutable() returns trigger language plpgsql as $$
begin
    if tg_op = 'DELETE' then
        raise exception 'stock_transaction rows are never deleted (reverse them instead)' using errcode = 'P0001';
    end if;
    if (new.tran_id, new.site_id, new.trans_code, new.trans_date, new.posted_at, new.cip_no, new.trans_qty, new.on_hold_change,
        new.on_order_change, new.backorder_change, new.scrap_change, new.work_order_change, new.transfer_change, new.excess_change,
        new.usage_qty, new.qty_on_hand_before, new.qty_on_hand_after, new.unit_cost, new.extended_cost, new.employee_id,
        new.track1_id, new.track2_id, new.track3_id, new.track4_id, new.reverses_tran_id, new.external_ref)
       is distinct from
       (old.tran_id, old.site_id, old.trans_code, old.trans_date, old.posted_at, old.cip_no, old.trans_qty, old.on_hold_change,
        old.on_order_change, old.backorder_change, old.scrap_change, old.work_order_change, old.transfer_change, old.excess_change,
        old.usage_qty, old.qty_on_hand_before, old.qty_on_hand_after, old.unit_cost, old.extended_cost, old.employee_id,
        old.track1_id, old.track2_id, old.track3_id, old.track4_id, old.reverses_tran_id, old.external_ref) then
        raise exception 'posted stock_transaction facts never change (reverse the row instead)' using errcode = 'P0001';
    end if;
    if old.reversed and not new.reversed then
        raise exception 'a reversed stock_transaction stays reversed' using errcode = 'P0001';
    end if;
    return new;
end $$;
create trigger stock_transaction_immutable before update or delete on stock_transaction
    for each row execute function stock_transaction_immutable();

-- Average-cost corrections (Transaction/Update/CustAvgCost): the ledger's note of each correction, beside the
-- audit trail; the CIP's history shows them with its transactions.
create table avg_cost_correction (
    correction_id bigint generated always as identity primary key,
    site_id bigint not null,
    cip_no bigint not null references cip (cip_no),
    old_avg_cost numeric(18, 4),
    new_avg_cost numeric(18, 4) not null check (new_avg_cost >= 0),
    notes text,
    user_id bigint,
    user_login text,
    corrected_at timestamptz not null default now()
);
create index avg_cost_correction_cip_idx on avg_cost_correction (cip_no, corrected_at desc);
alter table avg_cost_correction enable row level security;
alter table avg_cost_correction force row level security;
create policy site_isolation on avg_cost_correction using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()));

-- Existing CIPs carry on hand without ledger rows: an opening balance row each (OHP 10 "on hand posted", or OHN 14
-- for a negative balance), so on hand equals the sum of the ledger from here on.
insert into stock_transaction (site_id, trans_code, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location, trans_qty,
    qty_on_hand_before, qty_on_hand_after, unit_cost, cust_avg_cost, extended_cost, notes)
select site_id, case when qty_on_hand > 0 then 10 else 14 end, cip_no, cid_no, cip_code, cust_item_code, cust_desc1, location, qty_on_hand,
    0, qty_on_hand, cust_avg_cost, cust_avg_cost, abs(qty_on_hand) * cust_avg_cost, 'Opening balance'
from cip where qty_on_hand <> 0;
