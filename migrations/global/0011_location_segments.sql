-- Location segments named per site (../shared/design/domain.md section 2, spec 4 section 9 'Site locations carry 5
-- segment names'): how a site spells a stock location, e.g. Aisle (2) - Rack (2) - Shelf (2). Provider tier, keyed by
-- site, beside the other site settings; the inventory area checks every location it saves against them
-- (docs/cip.md). A site without rows takes a location as one free segment.
create table asp.site_location_segment (
    site_id bigint not null references asp.site (site_id) on delete cascade,
    seg_no int not null check (seg_no between 1 and 5),
    seg_name text not null check (length(seg_name) between 1 and 30),
    -- The most characters the segment may hold.
    seg_length int not null check (seg_length between 1 and 20),
    updated_at timestamptz not null default now(),
    primary key (site_id, seg_no)
);
