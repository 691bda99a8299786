-- Whom a user administrator who is not a provider administrator reaches (docs/security.md, "User administration"),
-- in one place for every user-administration call and the user search: a user who is not provider staff, has at
-- least one site, has no site the administrator lacks, and holds no permission at any site that the administrator
-- does not hold at that same site. A role counts at its site as the authorizer counts it (with access to the site)
-- for the administrator; for the target every role row counts, so a dormant grant cannot hide a permission.
create function asp.reaches(admin_id bigint, target_id bigint) returns boolean
language sql stable as $$
    select exists (
        select 1 from asp.asp_users u
        where u.asp_users_id = target_id
          and not u.fss_employee
          and exists (select 1 from asp.user_site us where us.asp_users_id = target_id)
          and not exists (
              select 1 from asp.user_site us
              where us.asp_users_id = target_id
                and not exists (select 1 from asp.user_site a where a.asp_users_id = admin_id and a.site_id = us.site_id))
          and not exists (
              select 1 from asp.user_site_role r
              join asp.security_role_permission rp on rp.security_role_id = r.security_role_id
              where r.asp_users_id = target_id
                and not exists (
                    select 1 from asp.user_site_role ar
                    join asp.user_site aus on aus.asp_users_id = ar.asp_users_id and aus.site_id = ar.site_id
                    join asp.security_role_permission arp on arp.security_role_id = ar.security_role_id
                    where ar.asp_users_id = admin_id
                      and ar.site_id = r.site_id
                      and arp.security_permission_id = rp.security_permission_id))
    )
$$;
