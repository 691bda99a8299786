-- Free text over CIPs at a million rows under row-level security (issue 8; docs/search.md, "Why a side table").
--
-- The site policy on cip is a security barrier: PostgreSQL evaluates only leakproof conditions before it, and LIKE
-- and pg_trgm's operators are not leakproof, so their trigram index cannot serve a query of the application role
-- (a rare word read the whole site: 0.6-0.8 s at 1M CIPs). The searchable text therefore also lives in cip_text,
-- whose row-level security is enabled (the application role's own reads and writes stay policed) but not forced,
-- and is searched only by the two security-definer functions below, which run as the schema owner (not subject to
-- the policy, so the trigram index serves) and apply the same site condition explicitly. They answer candidate
-- cip_no only; callers load the rows through the policed cip table by primary key, so a candidate of another site
-- could never be shown even if these functions were wrong.

create table cip_text (
    cip_no bigint primary key references cip (cip_no) on delete cascade,
    site_id bigint not null,
    search_text text not null
);
insert into cip_text (cip_no, site_id, search_text) select cip_no, site_id, search_text from cip;
create index cip_text_trgm on cip_text using gin (search_text ext.gin_trgm_ops);
alter table cip_text enable row level security;
create policy site_isolation on cip_text
    using (site_id = any (asp.granted_sites()))
    with check (site_id = any (asp.granted_sites()));

-- The index on cip.search_text could never serve under the policy; cip_text_trgm replaces it.
drop index cip_search_text_trgm;

-- Kept in step by the writer's own statements (policed like any other write). Inserts per statement, so a bulk
-- load (asp seed --volume) copies its rows in one pass; updates only when a searched column is set (the ledger's
-- quantity updates never fire it).
create function cip_text_after_insert() returns trigger
    language plpgsql set search_path from current
    as $$
begin
    insert into cip_text (cip_no, site_id, search_text) select n.cip_no, n.site_id, n.search_text from new_rows n;
    return null;
end
$$;
create trigger cip_text_after_insert after insert on cip
    referencing new table as new_rows for each statement execute function cip_text_after_insert();

create function cip_text_after_update() returns trigger
    language plpgsql set search_path from current
    as $$
begin
    update cip_text set site_id = new.site_id, search_text = new.search_text
    where cip_no = new.cip_no and (site_id, search_text) is distinct from (new.site_id, new.search_text);
    return null;
end
$$;
create trigger cip_text_after_update after update of cip_code, cust_item_code, cust_desc1, cust_desc2, site_id on cip
    for each row execute function cip_text_after_update();

-- CIPs of the granted sites whose text matches every LIKE pattern (the caller escapes them; at most five), at most
-- `max_rows` of them, in no particular order. Dynamic only in the number of patterns, which are bound, so each call
-- is planned for its own patterns (a generic plan could not use the index for an unknown pattern).
create function cip_text_containing(patterns text[], max_rows int) returns setof bigint
    language plpgsql stable security definer set search_path from current
    as $$
declare
    n int := least(coalesce(cardinality(patterns), 0), 5);
    conditions text := '';
begin
    if n = 0 then
        return;
    end if;
    for i in 1..n loop
        conditions := conditions || format(' and t.search_text like ($1)[%s]', i);
    end loop;
    return query execute
        'select t.cip_no from cip_text t where t.site_id = any (asp.granted_sites())' || conditions || ' limit $2'
        using patterns, greatest(max_rows, 0);
end
$$;

-- CIPs of the granted sites whose text is word-similar to `query` (pg_trgm's `<%`, at the caller's
-- pg_trgm.word_similarity_threshold), at most `max_rows`.
create function cip_text_similar(query text, max_rows int) returns setof bigint
    language sql stable security definer set search_path from current
    as $$
    select t.cip_no from cip_text t
    where t.site_id = any (asp.granted_sites()) and query <% t.search_text
    limit greatest(max_rows, 0)
$$;
