-- Vendors move to the client tier (domain.md sections 1 and 4, issue 10): one vendor per code, ERP type and company,
-- shared by the client's sites and isolated by the schema alone (tenancy::CLIENT_TIER_TABLES lists it). What a site
-- keeps about a vendor (preferred, its contact, comments, the customer account) is a vendor_site row, and the
-- vendors allowed to supply a manufacturer's items at a site are approved_vendor rows; both are site tier.
--
-- Until now every site had its own copy of its vendors: the copies of one code, ERP type and company become one
-- vendor (the oldest row keeps its id) and each site that had a copy gets its vendor_site row.

create table vendor_site (
    vendor_site_id bigint generated always as identity primary key,
    site_id bigint not null,
    vend_id bigint not null references vendor (vend_id) on delete cascade,
    preferred boolean not null default false,
    contact_name text,
    email text,
    vendor_comments text,
    po_comments text,
    vendor_cust_account text,
    inside_sales_notes text,
    outside_sales_notes text,
    notes text,
    build_consigned_vendor boolean not null default false,
    created_by_id bigint,
    created_at timestamptz not null default now(),
    updated_by_id bigint,
    updated_at timestamptz not null default now()
);
create unique index vendor_site_key on vendor_site (site_id, vend_id);
create index vendor_site_vend_idx on vendor_site (vend_id);

insert into vendor_site (site_id, vend_id)
select v.site_id, k.keep
from vendor v
join (select min(vend_id) as keep, vend_code, erp_type_id, coalesce(erp_company, '') as company
      from vendor group by vend_code, erp_type_id, coalesce(erp_company, '')) k
  on k.vend_code = v.vend_code and k.erp_type_id = v.erp_type_id and k.company = coalesce(v.erp_company, '')
on conflict do nothing;

delete from vendor v
where exists (select 1 from vendor k
              where k.vend_code = v.vend_code and k.erp_type_id = v.erp_type_id
                and coalesce(k.erp_company, '') = coalesce(v.erp_company, '') and k.vend_id < v.vend_id);

drop policy site_isolation on vendor;
alter table vendor no force row level security;
alter table vendor disable row level security;
drop index vendor_site_code_idx;
alter table vendor drop column site_id;

alter table vendor
    add column is_hidden boolean not null default false,
    -- The provider's shared vendor (asp.shared_vendor) this client's vendor is the same real supplier as.
    add column shared_vendor_id bigint,
    add column created_by_id bigint,
    add column updated_by_id bigint;

-- A code means one vendor per ERP type and company; VMI vendors carry no company.
create unique index vendor_code_key on vendor (vend_code, erp_type_id, coalesce(erp_company, ''));
create index vendor_name_idx on vendor (lower(vend_name));
create index vendor_shared_vendor_idx on vendor (shared_vendor_id) where shared_vendor_id is not null;

-- Approved vendors (spec 4 "approved-vendor link"): at a site, the vendors allowed to supply the items of a
-- manufacturer (mfg_code of the item master; a manufacturer vendor has the same code). The id is the spec's
-- manufacturer_vendor_id.
create table approved_vendor (
    manufacturer_vendor_id bigint generated always as identity primary key,
    site_id bigint not null,
    mfg_code text not null,
    vend_id bigint not null references vendor (vend_id) on delete cascade,
    created_by_id bigint,
    created_at timestamptz not null default now()
);
create unique index approved_vendor_key on approved_vendor (site_id, mfg_code, vend_id);
create index approved_vendor_vend_idx on approved_vendor (vend_id);

do $$
declare
    t text;
begin
    foreach t in array array['vendor_site', 'approved_vendor']
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

-- The vendor rule (domain.md section 1; the vendor route guard of spec 1 section 5 is the same rule), written once:
-- a vendor is visible at a site when its ERP type is the site's and, for non-VMI vendors, its company is the site's
-- ERP company; VMI vendors match the site's VMI ERP type. Every read of a vendor at a site joins this view.
create view vendor_at_site as
select s.site_id, v.vend_id
from vendor v
join asp.site s
  on (not v.is_vmi and v.erp_type_id = s.erp_type_id and v.erp_company is not distinct from s.erp_company)
  or (v.is_vmi and v.erp_type_id = s.vmi_erp_type_id);
