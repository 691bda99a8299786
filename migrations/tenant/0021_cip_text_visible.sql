-- The CIP search's text filters as a join (issue 8; docs/search.md "Why a side table").
--
-- cip_text is read by the application role only through the owner: until now by the security-definer functions of
-- tenant 0016, which answer a complete candidate list. A search whose text is common and which has other
-- conditions then learns only that there are too many candidates and falls back to scanning the site's CIPs with
-- LIKE behind the policy (a sequential scan of a million rows). This view is the same read as those functions: owned
-- by the schema owner (so cip_text's policy, enabled but not forced, does not stand between LIKE and the trigram
-- index) and limited to the granted sites by its own condition, which is the policy's condition. It is not a
-- security barrier, so the search's text condition reaches the index and the planner can join the hits to cip by
-- primary key, stopping at the 5000-row cap. The CIP rows themselves are still read through cip's forced policy.
create view cip_text_visible as
select t.cip_no, t.site_id, t.search_text
from cip_text t
where t.site_id = any (asp.granted_sites());
