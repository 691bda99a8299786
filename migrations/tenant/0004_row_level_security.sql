-- Every site-tier table of this client schema (every table with site_id) shows and accepts only rows of the sites
-- the transaction was granted, even for a query that forgets its own site filter, and even for the table owner
-- (force). A later migration that adds a site-tier table adds the same policy; the tenancy tests fail otherwise.
do $$
declare
    t record;
begin
    for t in
        select c.table_name
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = current_schema() and c.column_name = 'site_id' and tb.table_type = 'BASE TABLE'
    loop
        execute format('alter table %I enable row level security', t.table_name);
        execute format('alter table %I force row level security', t.table_name);
        execute format(
            'create policy site_isolation on %I using (site_id = any (asp.granted_sites())) with check (site_id = any (asp.granted_sites()))',
            t.table_name
        );
    end loop;
end
$$;
