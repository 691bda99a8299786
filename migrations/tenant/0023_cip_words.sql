-- Words for the CIP text searches (issue 8; docs/search.md "Common words").
--
-- A trigram index answers a rare text at once but a common one slowly: for '%BEARING%' (one CIP in eighteen at a
-- million) pg_trgm intersects the posting lists of 'bea', 'ear', 'ari', 'rin' and 'ing', some of which hold most of
-- the catalogue, 13-16 ms before the first row. A word index holds one short list per word. So each CIP's text is
-- also kept as its words (runs of letters and digits), with a GIN index, and each site's vocabulary in cip_word with a
-- trigram index. A search turns every run of three or more ASCII letters and digits in its pattern into the words of
-- the site's vocabulary that contain it (a short list: the vocabulary holds each word once), and asks for CIPs having
-- one of those words; the LIKE pattern is still tested on each hit, so the answer is exactly the LIKE's. A run is
-- always inside one word (words break only at characters that are not letters or digits), which is why a CIP
-- matching the pattern must have such a word. A run found in too many words (a few digits) keeps the trigram path.

-- What a CIP's text is made of, written once for the columns, the backfill and the triggers below: its words (runs of
-- letters and digits) and its descriptions as the grid's description filter compares them.
create function cip_words_of(search_text text) returns text[]
    language sql immutable parallel safe
    return array_remove(regexp_split_to_array(search_text, '[^[:alnum:]]+'), '');
create function cip_desc_text(cust_desc1 text, cust_desc2 text) returns text
    language sql immutable parallel safe
    return upper(coalesce(cust_desc1, '') || ' ' || coalesce(cust_desc2, ''));

-- The descriptions alone, so the grid's description filter is tested here and not by case-folding every CIP row.
alter table cip_text add column desc_text text not null default '';
update cip_text t set desc_text = cip_desc_text(c.cust_desc1, c.cust_desc2)
from cip c where c.cip_no = t.cip_no;
alter table cip_text alter column desc_text drop default;

alter table cip_text add column words text[] generated always as (cip_words_of(search_text)) stored;
create index cip_text_words on cip_text using gin (words);
-- The free text first reads a site's first rows (below): at a small site beside a large one, by this index and not
-- by a scan through the large site's rows.
create index cip_text_site on cip_text (site_id, cip_no);

-- Each site's vocabulary. Site tier like cip_text: row-level security enabled with the site policy (the
-- application role's own reads are policed) but not forced, read only by cip_words_like below, which runs as
-- the owner so that the trigram index serves, and writes the site condition out itself. Words are only added: a word
-- no CIP has any more finds no CIP, so a stale entry costs nothing but its row.
create table cip_word (
    site_id bigint not null,
    word text not null,
    primary key (site_id, word)
);
insert into cip_word (site_id, word) select distinct t.site_id, w from cip_text t cross join unnest(t.words) w;
create index cip_word_trgm on cip_word using gin (word ext.gin_trgm_ops);
alter table cip_word enable row level security;
create policy site_isolation on cip_word
    using (site_id = any (asp.granted_sites()))
    with check (site_id = any (asp.granted_sites()));

-- The words of the granted sites' vocabulary that match `word_pattern`: a run of three or more letters and digits,
-- with `%` before it unless the word is known to start there and after it unless it is known to end there (anything
-- else answers null). Null too when more than `max_words` match: the caller then keeps the trigram path for it.
-- Planned for the pattern at hand (EXECUTE), so the trigram index serves a rare run and a common one alike.
create function cip_words_like(word_pattern text, max_words int) returns text[]
    language plpgsql stable security definer set search_path from current
    as $$
declare
    found text[];
begin
    if word_pattern is null or word_pattern !~ '^%?[A-Z0-9]{3,}%?$' then
        return null;
    end if;
    -- Not distinct: with several granted sites a word may come twice, which only makes the list longer.
    execute 'select coalesce(array_agg(w.word), ''{}'') from (select c.word from cip_word c
             where c.site_id = any (asp.granted_sites()) and c.word like $1 limit $2) w'
        into found using word_pattern, greatest(max_words, 0) + 1;
    if cardinality(found) > max_words then
        return null;
    end if;
    return found;
end
$$;

-- For each run of three or more ASCII letters and digits of a LIKE pattern (escaped with backslashes; at most five
-- runs), in order, the site words a matching text must have one of (cip_words_like): a word containing the run, and
-- starting with it when a literal separator (not a letter or digit: space, punctuation) stands before it in the
-- pattern, ending with it when one stands after it (O-RING: words starting with RING, not BEARING). Start and end of
-- the pattern are the text's own. Wildcards and characters outside ASCII are not known separators.
create function cip_word_sets(pattern text, max_words int) returns setof text[]
    language plpgsql stable set search_path from current
    as $$
declare
    marked text;
    pos int := 1;
    start int;
    run text;
    before text;
    after text;
    runs int := 0;
begin
    if pattern is null then
        return;
    end if;
    -- One character per character of the text: an escaped character is a literal separator (only %, _ and \ are
    -- escaped), a wildcard or a character outside ASCII may be anything (*), any other ASCII character that is not a
    -- capital or a digit is a separator ( ).
    marked := regexp_replace(pattern, '\\.', ' ', 'g');
    marked := regexp_replace(marked, '[%_]|[^\x01-\x7e]|[a-z]', '*', 'g');
    marked := regexp_replace(marked, '[^A-Z0-9*]', ' ', 'g');
    loop
        start := regexp_instr(marked, '[A-Z0-9]{3,}', pos);
        exit when start = 0 or runs >= 5;
        run := substring(substring(marked from start) from '^[A-Z0-9]+');
        before := case when start = 1 then ' ' else substr(marked, start - 1, 1) end;
        after := coalesce(nullif(substr(marked, start + length(run), 1), ''), ' ');
        return next cip_words_like(
            case when before = ' ' then '' else '%' end || run || case when after = ' ' then '' else '%' end, max_words);
        runs := runs + 1;
        pos := start + length(run);
    end loop;
end
$$;

create or replace function cip_text_after_insert() returns trigger
    language plpgsql set search_path from current
    as $$
begin
    insert into cip_text (cip_no, site_id, search_text, desc_text)
    select n.cip_no, n.site_id, n.search_text, cip_desc_text(n.cust_desc1, n.cust_desc2)
    from new_rows n;
    insert into cip_word (site_id, word)
    select distinct n.site_id, w
    from new_rows n cross join unnest(cip_words_of(n.search_text)) w
    on conflict do nothing;
    return null;
end
$$;

create or replace function cip_text_after_update() returns trigger
    language plpgsql set search_path from current
    as $$
declare
    descriptions text := cip_desc_text(new.cust_desc1, new.cust_desc2);
begin
    update cip_text set site_id = new.site_id, search_text = new.search_text, desc_text = descriptions
    where cip_no = new.cip_no
      and (site_id, search_text, desc_text) is distinct from (new.site_id, new.search_text, descriptions);
    if found then
        insert into cip_word (site_id, word)
        select new.site_id, w from unnest(cip_words_of(new.search_text)) w
        on conflict do nothing;
    end if;
    return null;
end
$$;

-- The grid's join (tenant 0021) with the new columns.
create or replace view cip_text_visible as
select t.cip_no, t.site_id, t.search_text, t.desc_text, t.words
from cip_text t
where t.site_id = any (asp.granted_sites());

-- The free text's contains part (tenant 0016), which wants only a few candidates. A common text (BEARING: one CIP in
-- eighteen) has them among the first rows of any scan, while any index must first collect every hit (13-16 ms); so
-- the first 2000 CIPs of the sites are tried first (then 20000 more when the rate found there promises the rest),
-- and only a text too rare to find `enough` of them so (by default all `max_rows`) goes to the indexes: for each pattern, each run of three or more letters and digits narrows the CIPs to those having a
-- word that contains it (a run that no word of the sites contains: no CIP matches), and the trigram index serves
-- the patterns without such a run. The LIKE patterns stay the exact test in both.
drop function cip_text_containing(text[], int);
create function cip_text_containing(patterns text[], max_rows int, enough int default null) returns setof bigint
    language plpgsql stable security definer set search_path from current
    as $$
declare
    n int := least(coalesce(cardinality(patterns), 0), 5);
    likes text := '';
    narrowing text := '';
    words text[];
    tokens int := 0;
    seen bigint[];
    more bigint[];
    goal int;
    sites bigint[] := asp.granted_sites();
begin
    if n = 0 or max_rows <= 0 then
        return;
    end if;
    for i in 1..n loop
        likes := likes || format(' and t.search_text like ($1)[%s]', i);
    end loop;
    execute 'select coalesce(array_agg(h.cip_no), ''{}'') from (select t.cip_no from (select t.cip_no, t.search_text
             from cip_text t where t.site_id = any ($3) limit 2000) t where true' || likes || ' limit $2) h'
        into seen using patterns, max_rows, sites;
    return query select unnest(seen);
    goal := least(coalesce(enough, max_rows), max_rows);
    if cardinality(seen) >= goal then
        return;
    end if;
    -- Found some but not enough: at that rate, would the next 20000 rows hold the rest? Then read them (5-6 ms)
    -- rather than collect every hit of the common words the text is made of (O-RING M: 94,000 hits, 25 ms).
    if cardinality(seen) > 0 and 2000 * (goal - cardinality(seen)) <= 20000 * cardinality(seen) then
        execute 'select coalesce(array_agg(h.cip_no), ''{}'') from (select t.cip_no from (select t.cip_no, t.search_text
                 from cip_text t where t.site_id = any ($3) limit 22000) t where t.cip_no <> all ($4)' || likes || ' limit $2) h'
            into more using patterns, max_rows - cardinality(seen), sites, seen;
        return query select unnest(more);
        seen := seen || more;
        if cardinality(seen) >= goal then
            return;
        end if;
    end if;
    for i in 1..n loop
        for words in select w from cip_word_sets(patterns[i], 200) w loop
            exit when tokens >= 5;
            if words is null then
                continue;
            end if;
            if cardinality(words) = 0 then
                return;
            end if;
            narrowing := narrowing || format(' and t.words && %L::text[]', words);
            tokens := tokens + 1;
        end loop;
    end loop;
    -- With words to narrow by, the LIKE patterns are tested on the hits only (on an expression no index holds): the
    -- planner would otherwise also collect the trigram index's hits for them, all of a common word's.
    if tokens > 0 then
        likes := replace(likes, 't.search_text like', '(t.search_text || '''') like');
    end if;
    return query execute
        'select t.cip_no from cip_text t where t.site_id = any ($3) and t.cip_no <> all ($4)'
        || narrowing || likes || ' limit $2'
        using patterns, max_rows - cardinality(seen), sites, seen;
end
$$;

-- The typo-tolerant part may sample a common trigram's hits (pg_trgm's own limit, set for this function alone: the
-- search used to set it for its whole statement, so the contains part, which must not miss a hit, sampled too).
alter function cip_text_similar(text, int) set gin_fuzzy_search_limit = 2000;
