-- cip_text and cip_word (tenant 0016, 0023) get forced row-level security like every other site-tier table (issue 21;
-- docs/decisions.md, "Forced row-level security on the search side tables").
--
-- They had it enabled only, so that the schema owner's readers (the security-definer functions cip_text_containing,
-- cip_text_similar and cip_words_like, and the view cip_text_visible), which write the site condition out
-- themselves, read them past the policy: a policy is a security barrier, LIKE and pg_trgm's operators are not
-- leakproof, and behind it no trigram or word index can serve them (a rare word read a whole site: 0.6-0.8 s at a
-- million CIPs). Forced, the owner is policed like everyone, and one policy of the owner's own lets those readers
-- see every row: its condition is `true`, so no barrier stands between their conditions and the indexes. It is for
-- select only: the owner's writes (the seeds' CIPs, through the triggers) pass site_isolation as any other table's.
-- The application role's access is unchanged: site_isolation alone.
--
-- A policy names its roles when it is created: here the owner of the tables, who runs the migrations and owns the
-- functions and the view. (A superuser owner, as in development, bypasses row-level security in any case.)
alter table cip_text force row level security;
alter table cip_word force row level security;

do $$
declare
    t text;
begin
    foreach t in array array['cip_text', 'cip_word'] loop
        execute format(
            'create policy owner_search on %I for select to %I using (true)',
            t,
            (select pg_get_userbyid(c.relowner) from pg_class c where c.oid = t::regclass)
        );
    end loop;
end
$$;
