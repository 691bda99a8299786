//! SQL of tracking levels and tracking codes. Functions take the tenant transaction, so they cannot run without a
//! granted scope.

use chrono::NaiveDate;
use kernel::listing::{self, Page, Search};
use kernel::num::Money;
use tenancy::TenantTx;

use super::model::{
    ReferenceCip, ReferenceEmployee, ReferenceGroup, RestrictedItem, TrackingCode, TrackingCodeFull, TrackingCodeOption, TrackingDefault,
    TrackingLevel,
};

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<TrackingCode>, sqlx::Error> {
    sqlx::query_as!(
        TrackingCode,
        r#"select tracking_code_id, site_id, tracking_level_id, tracking_number, description, is_active, is_suspended
        from tracking_code where tracking_code_id = $1"#,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The codes `ids` in full, in the order of `ids` (one statement for every read of whole codes).
pub async fn find_full_many(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<TrackingCodeFull>, sqlx::Error> {
    sqlx::query_as!(
        TrackingCodeFull,
        r#"select t.tracking_code_id, t.site_id, t.tracking_level_id,
            coalesce(l.description, 'Level ' || t.tracking_level_id) as "tracking_level_description!",
            t.tracking_number, t.description, t.is_active, t.is_suspended, t.suspension_date, t.suspension_reason_id,
            t.limit_daily as "limit_daily: Money", t.limit_weekly as "limit_weekly: Money", t.limit_monthly as "limit_monthly: Money",
            t.limit_yearly as "limit_yearly: Money", t.override_daily, t.override_weekly, t.override_monthly, t.override_yearly,
            t.supervisor_id as supervisor,
            case when e.employee_id is not null then e.last_name || ', ' || e.first_name || ' (' || e.employee_number || ')' end as supervisor_name,
            t.tracking_code_group, t.created_at, t.updated_at
        from tracking_code t
            left join tracking_level l on l.site_id = t.site_id and l.tracking_level_id = t.tracking_level_id
            left join employee e on e.employee_id = t.supervisor_id
        where t.tracking_code_id = any($1)
        order by array_position($1, t.tracking_code_id)"#,
        ids
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn find_full(tx: &mut TenantTx, id: i64) -> Result<Option<TrackingCodeFull>, sqlx::Error> {
    Ok(find_full_many(tx, &[id]).await?.pop())
}

/// Locks the code's row for a change; false when it is not visible.
pub async fn lock(tx: &mut TenantTx, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select tracking_code_id from tracking_code where tracking_code_id = $1 for update", id).fetch_optional(&mut **tx).await?.is_some())
}

pub struct SearchFilter {
    pub site_id: i64,
    pub level: i64,
    /// (prefix pattern, contains pattern), upper case.
    pub text: Option<(String, String)>,
    pub is_active: Option<bool>,
    pub is_suspended: Option<bool>,
    pub group: Option<String>,
    pub supervisor: Option<i64>,
    pub has_limits: Option<bool>,
}

/// One page of the search: the matching codes (sorted and counted on every sort field of the search), then those of
/// the page in full.
pub async fn search(tx: &mut TenantTx, f: &SearchFilter, page: &Page) -> Result<(Vec<TrackingCodeFull>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select t.tracking_code_id, t.tracking_number, t.description, t.is_active, t.is_suspended, t.suspension_date, t.tracking_code_group,
            case when e.employee_id is not null then e.last_name || ', ' || e.first_name || ' (' || e.employee_number || ')' end as supervisor_name,
            t.limit_daily, t.limit_weekly, t.limit_monthly, t.limit_yearly
         from tracking_code t left join employee e on e.employee_id = t.supervisor_id",
    );
    s.and_bind("t.site_id = ", f.site_id);
    s.and_bind("t.tracking_level_id = ", f.level);
    if let Some((prefix, contains)) = &f.text {
        s.and_bind("(upper(t.tracking_number) like ", prefix.clone()).push(" or upper(coalesce(t.description, '')) like ").push_bind(contains.clone()).push(")");
    }
    if let Some(v) = f.is_active {
        s.and_bind("t.is_active = ", v);
    }
    if let Some(v) = f.is_suspended {
        s.and_bind("t.is_suspended = ", v);
    }
    if let Some(v) = &f.group {
        s.and_bind("upper(t.tracking_code_group) = upper(", v.clone()).push(")");
    }
    if let Some(v) = f.supervisor {
        s.and_bind("t.supervisor_id = ", v);
    }
    if let Some(v) = f.has_limits {
        s.and_bind("(coalesce(t.limit_daily, t.limit_weekly, t.limit_monthly, t.limit_yearly) is not null) = ", v);
    }
    let (keys, total) = listing::fetch_built_page::<(i64,)>(tx, s.into_builder(), page).await?;
    let ids: Vec<i64> = keys.into_iter().map(|(id,)| id).collect();
    Ok((find_full_many(tx, &ids).await?, total))
}

pub async fn quick_search(tx: &mut TenantTx, site_id: i64, level: i64, text: Option<(String, String)>) -> Result<Vec<TrackingCodeOption>, sqlx::Error> {
    let (prefix, contains) = text.unzip();
    sqlx::query_as!(
        TrackingCodeOption,
        r#"select tracking_code_id, tracking_level_id, tracking_number, description, is_suspended, false as "is_default!"
         from tracking_code
         where site_id = $1 and tracking_level_id = $2 and is_active
           and ($3::text is null or upper(tracking_number) like $3 or upper(coalesce(description, '')) like $4)
         order by (upper(tracking_number) like coalesce($3, '%')) desc, tracking_number limit 20"#,
        site_id,
        level,
        prefix,
        contains
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn number_taken(tx: &mut TenantTx, site_id: i64, level: i64, number: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from tracking_code where site_id = $1 and tracking_level_id = $2 and upper(tracking_number) = upper($3)
           and ($4::bigint is null or tracking_code_id <> $4)",
        site_id,
        level,
        number,
        except
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

/// Everything a full create or update writes.
pub struct CodeValues {
    pub tracking_number: String,
    pub description: Option<String>,
    pub is_active: bool,
    pub is_suspended: bool,
    pub suspension_date: Option<NaiveDate>,
    pub suspension_reason_id: Option<i32>,
    pub limits: [Option<Money>; 4],
    pub overrides: [bool; 4],
    pub supervisor: Option<i64>,
    pub group: Option<String>,
}

pub async fn insert(tx: &mut TenantTx, site_id: i64, level: i64, v: &CodeValues) -> Result<i64, sqlx::Error> {
    let [l1, l2, l3, l4] = v.limits.map(|l| l.map(Money::value));
    let [o1, o2, o3, o4] = v.overrides;
    sqlx::query_scalar!(
        "insert into tracking_code (site_id, tracking_level_id, tracking_number, description, is_active, is_suspended, suspension_date,
             suspension_reason_id, limit_daily, limit_weekly, limit_monthly, limit_yearly, override_daily, override_weekly,
             override_monthly, override_yearly, supervisor_id, tracking_code_group)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         returning tracking_code_id",
        site_id,
        level,
        v.tracking_number,
        v.description,
        v.is_active,
        v.is_suspended,
        v.suspension_date,
        v.suspension_reason_id,
        l1,
        l2,
        l3,
        l4,
        o1,
        o2,
        o3,
        o4,
        v.supervisor,
        v.group
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update(tx: &mut TenantTx, id: i64, v: &CodeValues) -> Result<(), sqlx::Error> {
    let [l1, l2, l3, l4] = v.limits.map(|l| l.map(Money::value));
    let [o1, o2, o3, o4] = v.overrides;
    sqlx::query!(
        "update tracking_code set tracking_number = $2, description = $3, is_active = $4, is_suspended = $5, suspension_date = $6,
             suspension_reason_id = $7, limit_daily = $8, limit_weekly = $9, limit_monthly = $10, limit_yearly = $11,
             override_daily = $12, override_weekly = $13, override_monthly = $14, override_yearly = $15, supervisor_id = $16,
             tracking_code_group = $17, updated_at = now()
         where tracking_code_id = $1",
        id,
        v.tracking_number,
        v.description,
        v.is_active,
        v.is_suspended,
        v.suspension_date,
        v.suspension_reason_id,
        l1,
        l2,
        l3,
        l4,
        o1,
        o2,
        o3,
        o4,
        v.supervisor,
        v.group
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn set_supervisor(tx: &mut TenantTx, id: i64, supervisor: Option<i64>) -> Result<(), sqlx::Error> {
    sqlx::query!("update tracking_code set supervisor_id = $2, updated_at = now() where tracking_code_id = $1", id, supervisor).execute(&mut **tx).await?;
    Ok(())
}

pub async fn restricted_items(tx: &mut TenantTx, id: i64) -> Result<Vec<RestrictedItem>, sqlx::Error> {
    sqlx::query_as!(
        RestrictedItem,
        r#"select r.cid_no, c.cust_item_code as "cust_item_code?", c.cust_desc1 from tracking_code_item r join cid c on c.cid_no = r.cid_no
         where r.tracking_code_id = $1 order by c.cust_item_code, r.cid_no"#,
        id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn replace_restrictions(tx: &mut TenantTx, site_id: i64, id: i64, cid_nos: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from tracking_code_item where tracking_code_id = $1", id).execute(&mut **tx).await?;
    sqlx::query!(
        "insert into tracking_code_item (site_id, tracking_code_id, cid_no) select $1, $2, unnest($3::bigint[]) on conflict do nothing",
        site_id,
        id,
        cid_nos
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The CIDs among `cid_nos` that exist at `site_id`.
pub async fn cids_at_site(tx: &mut TenantTx, site_id: i64, cid_nos: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select cid_no from cid where site_id = $1 and cid_no = any($2)", site_id, cid_nos).fetch_all(&mut **tx).await
}

/// Whether the employee exists at `site_id`, and is an active supervisor.
pub async fn supervisor_state(tx: &mut TenantTx, site_id: i64, employee_id: i64) -> Result<Option<(bool, bool)>, sqlx::Error> {
    let row = sqlx::query!("select supervisor, is_active from employee where employee_id = $1 and site_id = $2", employee_id, site_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(|r| (r.supervisor, r.is_active)))
}

// ---- levels

pub async fn levels(tx: &mut TenantTx, site_id: i64) -> Result<Vec<TrackingLevel>, sqlx::Error> {
    sqlx::query_as!(
        TrackingLevel,
        r#"select $1::bigint as "site_id!", n.n as "tracking_level_id!", coalesce(l.description, 'Level ' || n.n) as "description!",
                coalesce(l.is_active, false) as "is_active!", coalesce(l.is_required, false) as "is_required!",
                coalesce(l.enable_item_restrictions, false) as "enable_item_restrictions!", coalesce(l.can_free_form, false) as "can_free_form!",
                coalesce(l.employee_default_required, false) as "employee_default_required!",
                coalesce(l.send_to_cribmaster, false) as "send_to_cribmaster!", coalesce(l.tracking_timing, 2::smallint) as "tracking_timing!"
         from generate_series(1::bigint, 4::bigint) n(n)
         left join tracking_level l on l.site_id = $1 and l.tracking_level_id = n.n
         order by n.n"#,
        site_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn lock_levels(tx: &mut TenantTx, site_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("select 1 as one from tracking_level where site_id = $1 for update", site_id).fetch_all(&mut **tx).await?;
    Ok(())
}

pub async fn upsert_level(tx: &mut TenantTx, l: &TrackingLevel) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into tracking_level (site_id, tracking_level_id, description, is_active, is_required, enable_item_restrictions, can_free_form,
             employee_default_required, send_to_cribmaster, tracking_timing)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (site_id, tracking_level_id) do update set description = excluded.description, is_active = excluded.is_active,
             is_required = excluded.is_required, enable_item_restrictions = excluded.enable_item_restrictions,
             can_free_form = excluded.can_free_form, employee_default_required = excluded.employee_default_required,
             send_to_cribmaster = excluded.send_to_cribmaster, tracking_timing = excluded.tracking_timing, updated_at = now()",
        l.site_id,
        l.tracking_level_id,
        l.description,
        l.is_active,
        l.is_required,
        l.enable_item_restrictions,
        l.can_free_form,
        l.employee_default_required,
        l.send_to_cribmaster,
        l.tracking_timing
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---- relationships

/// A CIP's site, CID and default codes per level.
pub async fn cip_defaults(tx: &mut TenantTx, cip_no: i64) -> Result<Option<(i64, Option<i64>, [Option<i64>; 4])>, sqlx::Error> {
    let row = sqlx::query!("select site_id, cid_no, default_track1, default_track2, default_track3, default_track4 from cip where cip_no = $1", cip_no)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map(|r| (r.site_id, r.cid_no, [r.default_track1, r.default_track2, r.default_track3, r.default_track4])))
}

/// The first CIP of `site_id` of one of `cid_nos` (in the order given): its default codes per level.
pub async fn cip_defaults_of_cids(tx: &mut TenantTx, site_id: i64, cid_nos: &[i64]) -> Result<[Option<i64>; 4], sqlx::Error> {
    let row = sqlx::query!(
        "select c.default_track1, c.default_track2, c.default_track3, c.default_track4
         from unnest($2::bigint[]) with ordinality as w(cid_no, ord) join cip c on c.cid_no = w.cid_no and c.site_id = $1
         order by w.ord, c.cip_no limit 1",
        site_id,
        cid_nos
    )
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map(|r| [r.default_track1, r.default_track2, r.default_track3, r.default_track4]).unwrap_or_default())
}

/// An employee's site and default codes per level.
pub async fn employee_defaults(tx: &mut TenantTx, employee_id: i64) -> Result<Option<(i64, [Option<i64>; 4])>, sqlx::Error> {
    let row = sqlx::query!("select site_id, track1, track2, track3, track4 from employee where employee_id = $1", employee_id).fetch_optional(&mut **tx).await?;
    Ok(row.map(|r| (r.site_id, [r.track1, r.track2, r.track3, r.track4])))
}

/// The defaults `ids` (per level) with their codes, for every level of the site.
pub async fn describe_defaults(tx: &mut TenantTx, site_id: i64, ids: [Option<i64>; 4]) -> Result<Vec<TrackingDefault>, sqlx::Error> {
    sqlx::query_as!(
        TrackingDefault,
        r#"select n.n as "tracking_level_id!", coalesce(l.description, 'Level ' || n.n) as "tracking_level_description!",
                t.tracking_code_id as "tracking_code_id?", t.tracking_number as "tracking_number?", t.description as "description?"
         from unnest($2::bigint[]) with ordinality as n(id, n)
         left join tracking_level l on l.site_id = $1 and l.tracking_level_id = n.n
         left join tracking_code t on t.tracking_code_id = n.id
         order by n.n"#,
        site_id,
        &ids[..] as &[Option<i64>]
    )
    .fetch_all(&mut **tx)
    .await
}

/// The employee groups `employee_id` belongs to.
pub async fn groups_of_employee(tx: &mut TenantTx, employee_id: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!("select employee_group_id from employee_group_member where employee_id = $1 order by 1", employee_id).fetch_all(&mut **tx).await
}

/// The (level, code) pairs that `group_ids` restrict their members to, every level at once; a level with no pair is
/// not restricted.
pub async fn group_restrictions(tx: &mut TenantTx, group_ids: &[i64]) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    if group_ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = sqlx::query!(
        "select distinct t.tracking_level_id, r.tracking_code_id from employee_group_tracking_restriction r join tracking_code t on t.tracking_code_id = r.tracking_code_id
         where r.employee_group_id = any($1)",
        group_ids
    )
    .fetch_all(&mut **tx)
    .await?;
    Ok(rows.into_iter().map(|r| (r.tracking_level_id, r.tracking_code_id)).collect())
}

/// The CIDs of `cid_nos` a code with item restrictions is not valid for, with their customer item codes; empty when
/// the code has no restrictions.
pub async fn cids_outside_restriction(tx: &mut TenantTx, code_id: i64, cid_nos: &[i64]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select coalesce(c.cust_item_code, c.cid_no::text) as "code!" from cid c
         where c.cid_no = any($2) and exists (select 1 from tracking_code_item r where r.tracking_code_id = $1)
           and not exists (select 1 from tracking_code_item r where r.tracking_code_id = $1 and r.cid_no = c.cid_no)
         order by 1"#,
        code_id,
        cid_nos
    )
    .fetch_all(&mut **tx)
    .await
}

/// The active codes of the site's active levels valid for `cid_no` (item restrictions where the level enables them),
/// the CIP's defaults first within each level.
pub async fn codes_for_cip(tx: &mut TenantTx, site_id: i64, cid_no: Option<i64>, defaults: [Option<i64>; 4]) -> Result<Vec<TrackingCodeOption>, sqlx::Error> {
    let defaults: Vec<i64> = defaults.iter().flatten().copied().collect();
    sqlx::query_as!(
        TrackingCodeOption,
        r#"select t.tracking_code_id, t.tracking_level_id, t.tracking_number, t.description, t.is_suspended,
                t.tracking_code_id = any($3) as "is_default!"
         from tracking_code t join tracking_level l on l.site_id = t.site_id and l.tracking_level_id = t.tracking_level_id
         where t.site_id = $1 and t.is_active and not t.is_suspended and l.is_active
           and (not l.enable_item_restrictions
                or not exists (select 1 from tracking_code_item r where r.tracking_code_id = t.tracking_code_id)
                or exists (select 1 from tracking_code_item r where r.tracking_code_id = t.tracking_code_id and r.cid_no = $2))
         order by t.tracking_level_id, (t.tracking_code_id = any($3)) desc, t.tracking_number
         limit 2000"#,
        site_id,
        cid_no,
        &defaults
    )
    .fetch_all(&mut **tx)
    .await
}

/// Employees whose default code at `level` (1-4) is `code_id`.
pub async fn employees_defaulting_to(tx: &mut TenantTx, code_id: i64, level: i64) -> Result<Vec<ReferenceEmployee>, sqlx::Error> {
    sqlx::query_as!(
        ReferenceEmployee,
        r#"select employee_id, employee_number, last_name || ', ' || first_name as "name!", is_active from employee
         where ($2::bigint = 1 and track1 = $1) or ($2 = 2 and track2 = $1) or ($2 = 3 and track3 = $1) or ($2 = 4 and track4 = $1)
         order by employee_number limit 500"#,
        code_id,
        level
    )
    .fetch_all(&mut **tx)
    .await
}

/// CIPs whose default code at `level` (1-4) is `code_id`.
pub async fn cips_defaulting_to(tx: &mut TenantTx, code_id: i64, level: i64) -> Result<Vec<ReferenceCip>, sqlx::Error> {
    sqlx::query_as!(
        ReferenceCip,
        "select cip_no, cid_no, cip_code, cust_item_code from cip
         where ($2::bigint = 1 and default_track1 = $1) or ($2 = 2 and default_track2 = $1) or ($2 = 3 and default_track3 = $1)
            or ($2 = 4 and default_track4 = $1)
         order by cip_code limit 500",
        code_id,
        level
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn groups_restricted_to(tx: &mut TenantTx, code_id: i64) -> Result<Vec<ReferenceGroup>, sqlx::Error> {
    sqlx::query_as!(
        ReferenceGroup,
        "select g.employee_group_id, g.description from employee_group_tracking_restriction r
         join employee_group g on g.employee_group_id = r.employee_group_id
         where r.tracking_code_id = $1 order by g.description limit 500",
        code_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// The codes `ids` (any level) with the fields the selection rules read.
#[derive(Debug, Clone)]
pub struct CodeState {
    pub tracking_code_id: i64,
    pub site_id: i64,
    pub tracking_level_id: i64,
    pub tracking_number: String,
    pub is_active: bool,
    pub is_suspended: bool,
    pub limit_daily: Option<Money>,
    pub limit_weekly: Option<Money>,
    pub limit_monthly: Option<Money>,
    pub limit_yearly: Option<Money>,
    pub override_daily: bool,
    pub override_weekly: bool,
    pub override_monthly: bool,
    pub override_yearly: bool,
}

pub async fn code_states(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<CodeState>, sqlx::Error> {
    sqlx::query_as!(
        CodeState,
        r#"select tracking_code_id, site_id, tracking_level_id, tracking_number, is_active, is_suspended,
                limit_daily as "limit_daily: Money", limit_weekly as "limit_weekly: Money", limit_monthly as "limit_monthly: Money",
                limit_yearly as "limit_yearly: Money", override_daily, override_weekly, override_monthly, override_yearly
         from tracking_code where tracking_code_id = any($1)"#,
        ids
    )
    .fetch_all(&mut **tx)
    .await
}
