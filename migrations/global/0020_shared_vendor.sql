-- Shared vendors (domain.md section 4, issue 10): the provider's record of one real supplier across clients and
-- ERPs. Client vendors point here by vendor.shared_vendor_id; the cost catalogue, the site links and the child
-- records (contacts, brands, commodities, grades, competitor brands, account contacts) hang off it in later
-- migrations of this issue.
create table asp.shared_vendor (
    shared_vendor_id bigint generated always as identity primary key,
    shared_vendor_name text not null check (length(btrim(shared_vendor_name)) between 1 and 200),
    is_active boolean not null default true,
    created_by_id bigint references asp.asp_users (asp_users_id),
    created_at timestamptz not null default now(),
    updated_by_id bigint references asp.asp_users (asp_users_id),
    updated_at timestamptz not null default now()
);
create unique index shared_vendor_name_key on asp.shared_vendor (lower(shared_vendor_name));
