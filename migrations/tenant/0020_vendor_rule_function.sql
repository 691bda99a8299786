-- The vendor rule as a function of the vendor's and the site's columns, so that a search can apply it as a plain
-- condition on each vendor row it reads (the site's row read once) instead of probing the view per row. It is an
-- inlinable SQL function: PostgreSQL substitutes the expression, so indexes and estimates work as if written out.
-- The view keeps its meaning and now uses the function: the rule stays written once.
create function vendor_rule(v_is_vmi boolean, v_erp_type_id integer, v_erp_company text,
                            s_erp_type_id integer, s_erp_company text, s_vmi_erp_type_id integer)
returns boolean
language sql immutable parallel safe
as $$
  select (not v_is_vmi and v_erp_type_id = s_erp_type_id and v_erp_company is not distinct from s_erp_company)
      or (v_is_vmi and v_erp_type_id = s_vmi_erp_type_id)
$$;

create or replace view vendor_at_site as
select s.site_id, v.vend_id
from vendor v
join asp.site s
  on vendor_rule(v.is_vmi, v.erp_type_id, v.erp_company, s.erp_type_id, s.erp_company, s.vmi_erp_type_id);

-- The quick search's text: code, name and customer vendor number lower-cased in one column with one trigram index,
-- so a fragment is one index scan and one comparison per candidate. chr(1) between the parts keeps a fragment from
-- matching across two of them.
alter table vendor add column search_text text generated always as
  (lower(vend_code || chr(1) || vend_name || chr(1) || coalesce(cust_vendor_number, ''))) stored;
create index vendor_search_text_trgm_idx on vendor using gin (search_text ext.gin_trgm_ops);
