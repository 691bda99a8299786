-- RFQs (spec 4 "RFQ", domain.md section 7), the site-tier foundation the vendor look-up of an RFQ's vendor
-- (Vendor/Min/RFQ, issue 10) needs: the header, its lines and the vendors asked to quote. The RFQ issue adds the rest
-- (the vendors' answers per line and the award, communication history, the searches) to these tables.
--
-- Statuses are the spec's RFQ status list (spec 4 section 4): Initial 1, Sent 2, Responded 3, Closed 4, Canceled 5,
-- NoQuote 6, Awarded 7. The header, each line and each vendor carry one.

create table rfq_header (
    rfq_id bigint generated always as identity primary key,
    site_id bigint not null,
    status int not null default 1 check (status between 1 and 7),
    due_date date,
    is_locked boolean not null default false,
    buyer_id bigint references asp.asp_users (asp_users_id),
    buyer_address text,
    prefix_text text,
    suffix_text text,
    buyer_comment text,
    urgent boolean not null default false,
    external_notes text,
    -- The create request's fields (spec 4 "Create request").
    customer_quote_id bigint,
    delivery_location text,
    notes text,
    track1_id bigint references tracking_code (tracking_code_id),
    track2_id bigint references tracking_code (tracking_code_id),
    track3_id bigint references tracking_code (tracking_code_id),
    track4_id bigint references tracking_code (tracking_code_id),
    created_by_id bigint,
    created_at timestamptz not null default now(),
    updated_by_id bigint,
    updated_at timestamptz not null default now()
);
create index rfq_header_site_status_idx on rfq_header (site_id, status);
create index rfq_header_buyer_idx on rfq_header (buyer_id) where buyer_id is not null;

-- The lines: what is asked for. One line number per RFQ is kept by the service under a lock of the header (a unique
-- index here would also bind the copies the cross-tenant probes plant).
create table rfq_detail (
    rfq_dtl_id bigint generated always as identity primary key,
    site_id bigint not null,
    rfq_id bigint not null references rfq_header (rfq_id) on delete cascade,
    line_no int not null check (line_no >= 1),
    -- The requisition line the RFQ line was built from (requisitions come in a later issue, with the foreign key).
    req_det_no bigint,
    cip_no bigint references cip (cip_no),
    quantity numeric(18, 4) check (quantity > 0),
    detail_status int not null default 1 check (detail_status between 1 and 7),
    closed_date timestamptz,
    buyer_comment text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index rfq_detail_rfq_idx on rfq_detail (rfq_id, line_no);
create index rfq_detail_cip_idx on rfq_detail (cip_no) where cip_no is not null;

-- The vendors asked to quote: a client-tier vendor (seen at the RFQ's site through the vendor rule) once per RFQ,
-- the contact the request goes to (when empty: the site's vendor record, then the vendor's own contact), and when it
-- was sent and answered.
create table rfq_vendor (
    rfq_vendor_id bigint generated always as identity primary key,
    site_id bigint not null,
    rfq_id bigint not null references rfq_header (rfq_id) on delete cascade,
    vend_id bigint not null references vendor (vend_id),
    status int not null default 1 check (status between 1 and 7),
    contact_name text,
    contact_email text,
    contact_phone text,
    sent_date timestamptz,
    times_sent int not null default 0 check (times_sent >= 0),
    responded_date timestamptz,
    notes text,
    created_by_id bigint,
    created_at timestamptz not null default now(),
    updated_by_id bigint,
    updated_at timestamptz not null default now()
);
create unique index rfq_vendor_key on rfq_vendor (rfq_id, vend_id);
create index rfq_vendor_vend_idx on rfq_vendor (vend_id);
create index rfq_vendor_site_idx on rfq_vendor (site_id, status);

do $$
declare
    t text;
begin
    foreach t in array array['rfq_header', 'rfq_detail', 'rfq_vendor']
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
