-- Row-level security for the site tier (docs/security.md): the sites a tenant transaction was granted, as set
-- transaction-locally by tenancy's SiteScope (`asp.site_ids`); none without a scope.
create function asp.granted_sites() returns bigint[]
    language sql stable parallel safe
    as $$ select coalesce(nullif(current_setting('asp.site_ids', true), ''), '{}')::bigint[] $$;
