-- Free-text item search (issue 8, the global search box's free-text type; search crate, PostgreSQL backend): one
-- upper-case text per CIP of its codes and descriptions, trigram-indexed, so a search-as-you-type query is one
-- index scan at a million CIPs. Manufacturer part numbers live in the item master and are searched there.
alter table cip add column search_text text generated always as (
    upper(cip_code || ' ' || coalesce(cust_item_code, '') || ' ' || coalesce(cust_desc1, '') || ' ' || coalesce(cust_desc2, ''))
) stored;
create index cip_search_text_trgm on cip using gin (search_text ext.gin_trgm_ops);
create index cip_site_item_idx on cip (site_id, item_id);
create index cip_site_upper_code_idx on cip (site_id, upper(cip_code));
