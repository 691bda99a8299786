//! SQL of employee groups and their relations. Functions take the tenant transaction, so they cannot run without a
//! granted scope; row-level security limits them to the scope's site(s) besides their own filters.

use kernel::listing::{self, Page, Search};
use kernel::num::Money;
use tenancy::TenantTx;

use super::model::{AssignedEmployee, DeliveryLocation, EmployeeGroup, GroupAsset, ItemGroup, ItemGroupLimit, TrackingRestriction};

/// The groups `ids` in full, in the order of `ids` (one statement for every read of whole groups).
pub async fn find_many(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<EmployeeGroup>, sqlx::Error> {
    sqlx::query_as!(
        EmployeeGroup,
        r#"select g.employee_group_id, g.employee_group_id as "group_id!", g.site_id, g.description, g.group_type,
            '' as "group_type_text!", g.vmi, g.default_group,
            g.limit_daily as "limit_daily: Money", g.limit_weekly as "limit_weekly: Money", g.limit_monthly as "limit_monthly: Money",
            g.limit_yearly as "limit_yearly: Money", g.start_limit_daily, g.start_limit_weekly, g.start_limit_monthly, g.start_limit_yearly,
            g.enforced_level, '' as "enforced_level_text!", g.budget_amount as "budget_amount: Money", g.budget_start, g.budget_end,
            g.approver_group_id, a.description as "approver_group?", g.bypass_sr_approval, g.cost_limit as "cost_limit: Money",
            (select count(*) from employee_group_member m where m.employee_group_id = g.employee_group_id) as "member_count!",
            g.created_at, g.updated_at
        from employee_group g left join employee_group a on a.employee_group_id = g.approver_group_id
        where g.employee_group_id = any($1)
        order by array_position($1, g.employee_group_id)"#,
        ids
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<EmployeeGroup>, sqlx::Error> {
    Ok(find_many(tx, &[id]).await?.pop())
}

/// Locks the group row for a change of it or its relations (serialises concurrent edits of one group).
pub async fn lock(tx: &mut TenantTx, id: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("select employee_group_id from employee_group where employee_group_id = $1 for update", id).fetch_optional(&mut **tx).await?.is_some())
}

pub async fn of_site(tx: &mut TenantTx, site_id: i64, group_type: Option<i32>) -> Result<Vec<EmployeeGroup>, sqlx::Error> {
    let ids = sqlx::query_scalar!(
        "select employee_group_id from employee_group where site_id = $1 and ($2::int is null or group_type = $2) order by upper(description)",
        site_id,
        group_type
    )
    .fetch_all(&mut **tx)
    .await?;
    find_many(tx, &ids).await
}

pub struct GroupFilter {
    pub site_id: i64,
    pub text: Option<String>,
    pub group_type: Option<i32>,
}

/// One page of the search: the matching groups (sorted and counted on every sort field of the search), then those
/// of the page in full.
pub async fn search(tx: &mut TenantTx, f: &GroupFilter, page: &Page) -> Result<(Vec<EmployeeGroup>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select g.employee_group_id, g.description, g.group_type, g.limit_daily, g.limit_weekly, g.limit_monthly, g.limit_yearly,
            (select count(*) from employee_group_member m where m.employee_group_id = g.employee_group_id) as member_count, g.updated_at
         from employee_group g",
    );
    s.and_bind("g.site_id = ", f.site_id);
    if let Some(text) = &f.text {
        s.and_bind("g.description ilike ", text.clone());
    }
    if let Some(t) = f.group_type {
        s.and_bind("g.group_type = ", t);
    }
    let (keys, total) = listing::fetch_built_page::<(i64,)>(tx, s.into_builder(), page).await?;
    let ids: Vec<i64> = keys.into_iter().map(|(id,)| id).collect();
    Ok((find_many(tx, &ids).await?, total))
}

pub async fn description_taken(tx: &mut TenantTx, site_id: i64, description: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from employee_group where site_id = $1 and upper(description) = upper($2) and ($3::bigint is null or employee_group_id <> $3)",
        site_id,
        description,
        except
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

/// The site's default group other than `except`.
pub async fn default_group(tx: &mut TenantTx, site_id: i64, except: Option<i64>) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select description from employee_group where site_id = $1 and default_group and ($2::bigint is null or employee_group_id <> $2)",
        site_id,
        except
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The type of group `id` at `site_id` (None: no such group there).
pub async fn group_type_at(tx: &mut TenantTx, site_id: i64, id: i64) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar!("select group_type from employee_group where site_id = $1 and employee_group_id = $2", site_id, id).fetch_optional(&mut **tx).await
}

pub struct GroupValues {
    pub site_id: i64,
    pub description: String,
    pub group_type: i32,
    pub vmi: bool,
    pub default_group: bool,
    pub limits: [Option<Money>; 4],
    pub starts: [Option<chrono::NaiveDate>; 4],
    pub enforced_level: i32,
    pub budget_amount: Option<Money>,
    pub budget_start: Option<chrono::NaiveDate>,
    pub budget_end: Option<chrono::NaiveDate>,
    pub approver_group_id: Option<i64>,
    pub bypass_sr_approval: bool,
    pub cost_limit: Option<Money>,
}

pub async fn insert(tx: &mut TenantTx, v: &GroupValues) -> Result<i64, sqlx::Error> {
    let [l1, l2, l3, l4] = v.limits.map(|l| l.map(Money::value));
    let [s1, s2, s3, s4] = v.starts;
    sqlx::query_scalar!(
        "insert into employee_group (site_id, description, group_type, vmi, default_group, limit_daily, limit_weekly, limit_monthly, limit_yearly,
            start_limit_daily, start_limit_weekly, start_limit_monthly, start_limit_yearly, enforced_level, budget_amount, budget_start, budget_end,
            approver_group_id, bypass_sr_approval, cost_limit)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
         returning employee_group_id",
        v.site_id,
        v.description,
        v.group_type,
        v.vmi,
        v.default_group,
        l1,
        l2,
        l3,
        l4,
        s1,
        s2,
        s3,
        s4,
        v.enforced_level,
        v.budget_amount.map(Money::value),
        v.budget_start,
        v.budget_end,
        v.approver_group_id,
        v.bypass_sr_approval,
        v.cost_limit.map(Money::value)
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update(tx: &mut TenantTx, id: i64, v: &GroupValues) -> Result<(), sqlx::Error> {
    let [l1, l2, l3, l4] = v.limits.map(|l| l.map(Money::value));
    let [s1, s2, s3, s4] = v.starts;
    sqlx::query!(
        "update employee_group set description = $2, group_type = $3, vmi = $4, default_group = $5, limit_daily = $6, limit_weekly = $7,
            limit_monthly = $8, limit_yearly = $9, start_limit_daily = $10, start_limit_weekly = $11, start_limit_monthly = $12,
            start_limit_yearly = $13, enforced_level = $14, budget_amount = $15, budget_start = $16, budget_end = $17, approver_group_id = $18,
            bypass_sr_approval = $19, cost_limit = $20, updated_at = now()
         where employee_group_id = $1",
        id,
        v.description,
        v.group_type,
        v.vmi,
        v.default_group,
        l1,
        l2,
        l3,
        l4,
        s1,
        s2,
        s3,
        s4,
        v.enforced_level,
        v.budget_amount.map(Money::value),
        v.budget_start,
        v.budget_end,
        v.approver_group_id,
        v.bypass_sr_approval,
        v.cost_limit.map(Money::value)
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Groups naming `id` as their approver group.
pub async fn approved_by(tx: &mut TenantTx, id: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!("select description from employee_group where approver_group_id = $1 order by description", id).fetch_all(&mut **tx).await
}

pub async fn delete(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from employee_group where employee_group_id = $1", id).execute(&mut **tx).await?;
    Ok(())
}

// ---- delivery locations

pub async fn delivery_locations(tx: &mut TenantTx, group_id: i64) -> Result<Vec<DeliveryLocation>, sqlx::Error> {
    sqlx::query_as!(
        DeliveryLocation,
        "select delivery_location_id, employee_group_id, site_id, location, description, is_default from employee_group_delivery_location
         where employee_group_id = $1 order by is_default desc, location",
        group_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn delivery_location(tx: &mut TenantTx, group_id: i64, id: i64) -> Result<Option<DeliveryLocation>, sqlx::Error> {
    sqlx::query_as!(
        DeliveryLocation,
        "select delivery_location_id, employee_group_id, site_id, location, description, is_default from employee_group_delivery_location
         where employee_group_id = $1 and delivery_location_id = $2",
        group_id,
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn delivery_location_taken(tx: &mut TenantTx, group_id: i64, location: &str, except: Option<i64>) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!(
        "select 1 as one from employee_group_delivery_location where employee_group_id = $1 and upper(location) = upper($2)
           and ($3::bigint is null or delivery_location_id <> $3)",
        group_id,
        location,
        except
    )
    .fetch_optional(&mut **tx)
    .await?
    .is_some())
}

/// Makes no location of the group the default (before another becomes it).
pub async fn clear_default_delivery(tx: &mut TenantTx, group_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("update employee_group_delivery_location set is_default = false, updated_at = now() where employee_group_id = $1 and is_default", group_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn insert_delivery_location(tx: &mut TenantTx, site_id: i64, group_id: i64, location: &str, description: Option<&str>, is_default: bool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into employee_group_delivery_location (site_id, employee_group_id, location, description, is_default) values ($1, $2, $3, $4, $5)
         returning delivery_location_id",
        site_id,
        group_id,
        location,
        description,
        is_default
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_delivery_location(tx: &mut TenantTx, id: i64, location: &str, description: Option<&str>, is_default: bool) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update employee_group_delivery_location set location = $2, description = $3, is_default = $4, updated_at = now() where delivery_location_id = $1",
        id,
        location,
        description,
        is_default
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn delete_delivery_location(tx: &mut TenantTx, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from employee_group_delivery_location where delivery_location_id = $1", id).execute(&mut **tx).await?;
    Ok(())
}

// ---- assigned employees

pub struct AssignedFilter {
    pub site_id: i64,
    pub group_id: i64,
    pub in_group: Option<bool>,
    pub prefix: Option<String>,
    pub contains: Option<String>,
}

pub async fn assigned(tx: &mut TenantTx, f: &AssignedFilter, page: &Page) -> Result<(Vec<AssignedEmployee>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select e.employee_id, e.employee_number, e.last_name, e.first_name, e.badge_number, e.is_active, e.is_suspended,
            (m.employee_id is not null) as in_group
        from employee e left join employee_group_member m on m.employee_id = e.employee_id",
    );
    s.push(" and m.employee_group_id = ").push_bind(f.group_id);
    s.and_bind("e.site_id = ", f.site_id);
    if let Some(in_group) = f.in_group {
        s.and_bind("(m.employee_id is not null) = ", in_group);
    }
    if let (Some(prefix), Some(contains)) = (&f.prefix, &f.contains) {
        s.and_bind("(upper(e.employee_number) like ", prefix.clone())
            .push(" or upper(coalesce(e.badge_number, '')) like ")
            .push_bind(prefix.clone())
            .push(" or (e.last_name || ', ' || e.first_name) ilike ")
            .push_bind(contains.clone())
            .push(")");
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// Employees of the site by number: (number as asked, employee id) for those that exist.
pub async fn employees_by_number(tx: &mut TenantTx, site_id: i64, numbers: &[String]) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows = sqlx::query!(
        "select employee_number, employee_id from employee where site_id = $1 and upper(employee_number) = any (select upper(n) from unnest($2::text[]) n)",
        site_id,
        numbers
    )
    .fetch_all(&mut **tx)
    .await?;
    Ok(rows.into_iter().map(|r| (r.employee_number, r.employee_id)).collect())
}

/// (employee number, id) of the group's members.
pub async fn members(tx: &mut TenantTx, group_id: i64) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows = sqlx::query!(
        "select e.employee_number, e.employee_id from employee_group_member m join employee e on e.employee_id = m.employee_id
         where m.employee_group_id = $1 order by e.employee_number",
        group_id
    )
    .fetch_all(&mut **tx)
    .await?;
    Ok(rows.into_iter().map(|r| (r.employee_number, r.employee_id)).collect())
}

pub async fn add_members(tx: &mut TenantTx, site_id: i64, group_id: i64, employee_ids: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "insert into employee_group_member (site_id, employee_group_id, employee_id) select $1, $2, unnest($3::bigint[]) on conflict do nothing",
        site_id,
        group_id,
        employee_ids
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn remove_members(tx: &mut TenantTx, group_id: i64, employee_ids: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from employee_group_member where employee_group_id = $1 and employee_id = any ($2::bigint[])", group_id, employee_ids)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

// ---- assets

pub async fn assets(tx: &mut TenantTx, group_id: i64, page: &Page) -> Result<(Vec<GroupAsset>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select a.employee_group_id, a.site_id, a.cip_no, c.cip_code, c.cust_desc1 as description, a.notes
         from employee_group_asset a join cip c on c.cip_no = a.cip_no",
    );
    s.and_bind("a.employee_group_id = ", group_id);
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

pub async fn asset(tx: &mut TenantTx, group_id: i64, cip_no: i64) -> Result<Option<GroupAsset>, sqlx::Error> {
    sqlx::query_as!(
        GroupAsset,
        "select a.employee_group_id, a.site_id, a.cip_no, c.cip_code, c.cust_desc1 as description, a.notes
         from employee_group_asset a join cip c on c.cip_no = a.cip_no where a.employee_group_id = $1 and a.cip_no = $2",
        group_id,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The CIP `cip_no` of the site (its code), if there is one.
pub async fn cip_at(tx: &mut TenantTx, site_id: i64, cip_no: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select cip_code from cip where site_id = $1 and cip_no = $2", site_id, cip_no).fetch_optional(&mut **tx).await
}

pub async fn insert_asset(tx: &mut TenantTx, site_id: i64, group_id: i64, cip_no: i64, notes: Option<&str>) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "insert into employee_group_asset (site_id, employee_group_id, cip_no, notes) values ($1, $2, $3, $4) on conflict do nothing",
        site_id,
        group_id,
        cip_no,
        notes
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn update_asset(tx: &mut TenantTx, group_id: i64, cip_no: i64, notes: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query!("update employee_group_asset set notes = $3 where employee_group_id = $1 and cip_no = $2", group_id, cip_no, notes).execute(&mut **tx).await?;
    Ok(())
}

pub async fn delete_asset(tx: &mut TenantTx, group_id: i64, cip_no: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from employee_group_asset where employee_group_id = $1 and cip_no = $2", group_id, cip_no).execute(&mut **tx).await?;
    Ok(())
}

// ---- tracking restrictions

pub async fn tracking_restrictions(
    tx: &mut TenantTx,
    site_id: i64,
    group_id: i64,
    level: Option<i64>,
    allowed_only: bool,
    page: &Page,
) -> Result<(Vec<TrackingRestriction>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select t.tracking_code_id, t.tracking_level_id, t.tracking_number, t.description, t.is_active, (r.tracking_code_id is not null) as allowed
        from tracking_code t left join employee_group_tracking_restriction r on r.tracking_code_id = t.tracking_code_id",
    );
    s.push(" and r.employee_group_id = ").push_bind(group_id);
    s.and_bind("t.site_id = ", site_id);
    if let Some(level) = level {
        s.and_bind("t.tracking_level_id = ", level);
    }
    if allowed_only {
        s.and().push("r.tracking_code_id is not null");
    }
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

/// The ids among `ids` that are tracking codes of `level` at the site.
pub async fn codes_of_level(tx: &mut TenantTx, site_id: i64, level: i64, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select tracking_code_id from tracking_code where site_id = $1 and tracking_level_id = $2 and tracking_code_id = any ($3::bigint[])",
        site_id,
        level,
        ids
    )
    .fetch_all(&mut **tx)
    .await
}

/// The tracking numbers the group may charge at `level`.
pub async fn restricted_numbers(tx: &mut TenantTx, group_id: i64, level: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "select t.tracking_number from employee_group_tracking_restriction r join tracking_code t on t.tracking_code_id = r.tracking_code_id
         where r.employee_group_id = $1 and t.tracking_level_id = $2 order by t.tracking_number",
        group_id,
        level
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn replace_restrictions(tx: &mut TenantTx, site_id: i64, group_id: i64, level: i64, ids: &[i64]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "delete from employee_group_tracking_restriction r using tracking_code t
         where r.employee_group_id = $1 and t.tracking_code_id = r.tracking_code_id and t.tracking_level_id = $2",
        group_id,
        level
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query!(
        "insert into employee_group_tracking_restriction (site_id, employee_group_id, tracking_code_id) select $1, $2, unnest($3::bigint[]) on conflict do nothing",
        site_id,
        group_id,
        ids
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// ---- item groups and limits

pub async fn item_groups(tx: &mut TenantTx, site_id: i64) -> Result<Vec<ItemGroup>, sqlx::Error> {
    sqlx::query_as!(
        ItemGroup,
        r#"select i.item_group_id, i.site_id, i.description, (select count(*) from cid c where c.item_group_id = i.item_group_id) as "cid_count!"
         from item_group i where i.site_id = $1 order by upper(i.description)"#,
        site_id
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn item_group_at(tx: &mut TenantTx, site_id: i64, id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("select description from item_group where site_id = $1 and item_group_id = $2", site_id, id).fetch_optional(&mut **tx).await
}

pub async fn item_group_limits(tx: &mut TenantTx, group_id: i64, page: &Page) -> Result<(Vec<ItemGroupLimit>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select l.employee_group_id, l.site_id, l.item_group_id, i.description as item_group, l.period, '' as period_text, l.limit_amount
         from employee_group_item_group_limit l join item_group i on i.item_group_id = l.item_group_id",
    );
    s.and_bind("l.employee_group_id = ", group_id);
    listing::fetch_built_page(tx, s.into_builder(), page).await
}

pub async fn item_group_limit(tx: &mut TenantTx, group_id: i64, item_group_id: i64, period: i32) -> Result<Option<ItemGroupLimit>, sqlx::Error> {
    sqlx::query_as!(
        ItemGroupLimit,
        r#"select l.employee_group_id, l.site_id, l.item_group_id, i.description as item_group, l.period, '' as "period_text!",
            l.limit_amount as "limit_amount: Money"
         from employee_group_item_group_limit l join item_group i on i.item_group_id = l.item_group_id
         where l.employee_group_id = $1 and l.item_group_id = $2 and l.period = $3"#,
        group_id,
        item_group_id,
        period
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn insert_item_group_limit(tx: &mut TenantTx, site_id: i64, group_id: i64, item_group_id: i64, period: i32, amount: Money) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "insert into employee_group_item_group_limit (site_id, employee_group_id, item_group_id, period, limit_amount)
         values ($1, $2, $3, $4, $5) on conflict do nothing",
        site_id,
        group_id,
        item_group_id,
        period,
        amount.value()
    )
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn update_item_group_limit(tx: &mut TenantTx, group_id: i64, item_group_id: i64, period: i32, amount: Money) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "update employee_group_item_group_limit set limit_amount = $4, updated_at = now()
         where employee_group_id = $1 and item_group_id = $2 and period = $3",
        group_id,
        item_group_id,
        period,
        amount.value()
    )
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn delete_item_group_limit(tx: &mut TenantTx, group_id: i64, item_group_id: i64, period: i32) -> Result<(), sqlx::Error> {
    sqlx::query!("delete from employee_group_item_group_limit where employee_group_id = $1 and item_group_id = $2 and period = $3", group_id, item_group_id, period)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
