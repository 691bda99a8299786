//! Users service: sign-in accounts (`asp.asp_users`) with their site access (`asp.user_site`) and roles per site
//! (`asp.user_site_role`). Used by the simple-rest adapter (`/admin/users`) and the spec's user search.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use poem_openapi::types::MaybeUndefined;
use poem_openapi::Object;
use serde::Serialize;
use serde_json::json;
use sqlx::{FromRow, PgConnection, PgPool};

use kernel::listing;
use kernel::access::Caller;
use kernel::criteria::{self, Criteria, Problems, SortFields};
use kernel::audit::{self, AuditEntry};
use kernel::auth::password;
use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

/// Sortable fields (API name, output column of the search).
pub const SORTS: SortFields = &[
    ("id", "id"),
    ("asp_users_id", "id"),
    ("user_id", "user_id"),
    ("username", "user_id"),
    ("fname", "fname"),
    ("lname", "lname"),
    ("email", "email"),
    ("is_active", "is_active"),
    ("isActive", "is_active"),
    ("is_locked", "is_locked"),
    ("fss_employee", "fss_employee"),
    ("isEmployee", "fss_employee"),
    ("supplier_portal_user", "supplier_portal_user"),
    ("customer_portal_user", "customer_portal_user"),
    ("isCustomerPortalUser", "customer_portal_user"),
    ("is_punchin_user", "is_punchin_user"),
    ("password_expiration_Date", "password_expiration_date"),
];
pub const DEFAULT_SORT: &str = "user_id";

const NOT_FOUND: &str = "The user you are trying to find does not exist.";

/// A role granted to the user at one site.
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, FromRow)]
pub struct RoleGrant {
    pub site_id: i64,
    pub security_role_id: i64,
}

#[derive(Debug, Clone, Object, Serialize)]
pub struct UserRecord {
    /// asp_users_id
    pub id: i64,
    /// The sign-in name.
    pub user_id: String,
    pub fname: String,
    pub lname: String,
    pub email: Option<String>,
    pub is_active: bool,
    pub is_locked: bool,
    pub fss_employee: bool,
    pub supplier_portal_user: bool,
    pub customer_portal_user: bool,
    pub is_punchin_user: bool,
    #[oai(rename = "password_expiration_Date")]
    #[serde(rename = "password_expiration_Date")]
    pub password_expiration_date: Option<DateTime<Utc>>,
    /// Sites the user may use.
    pub site_ids: Vec<i64>,
    /// Roles per site; each site is one of `site_ids`.
    pub roles: Vec<RoleGrant>,
}

#[derive(FromRow)]
struct UserRow {
    id: i64,
    user_id: String,
    fname: String,
    lname: String,
    email: Option<String>,
    is_active: bool,
    is_locked: bool,
    fss_employee: bool,
    supplier_portal_user: bool,
    customer_portal_user: bool,
    is_punchin_user: bool,
    password_expiration_date: Option<DateTime<Utc>>,
}

impl UserRow {
    fn into_record(self, site_ids: Vec<i64>, roles: Vec<RoleGrant>) -> UserRecord {
        UserRecord {
            id: self.id,
            user_id: self.user_id,
            fname: self.fname,
            lname: self.lname,
            email: self.email,
            is_active: self.is_active,
            is_locked: self.is_locked,
            fss_employee: self.fss_employee,
            supplier_portal_user: self.supplier_portal_user,
            customer_portal_user: self.customer_portal_user,
            is_punchin_user: self.is_punchin_user,
            password_expiration_date: self.password_expiration_date,
            site_ids,
            roles,
        }
    }
}

/// A user as written by the console. Absent fields keep their value on update (and take the default on create);
/// `email` and `password_expiration_Date` can be cleared with `null`. `site_ids` and `roles`, when present, replace
/// the user's access rows.
#[derive(Debug, Clone, Default, Object)]
pub struct UserInput {
    pub user_id: Option<String>,
    pub fname: Option<String>,
    pub lname: Option<String>,
    pub email: MaybeUndefined<String>,
    pub is_active: Option<bool>,
    pub is_locked: Option<bool>,
    pub fss_employee: Option<bool>,
    pub supplier_portal_user: Option<bool>,
    pub customer_portal_user: Option<bool>,
    pub is_punchin_user: Option<bool>,
    #[oai(rename = "password_expiration_Date")]
    pub password_expiration_date: MaybeUndefined<DateTime<Utc>>,
    pub site_ids: Option<Vec<i64>>,
    pub roles: Option<Vec<RoleGrant>>,
    /// Create only: the first password (the password rule applies).
    #[oai(write_only)]
    pub password: Option<String>,
}

/// The users search's own filters (the spec's user-search fields).
#[derive(Debug, Clone, Default)]
pub struct UserFilters {
    /// Case-insensitive substring of the sign-in name.
    pub username: Option<String>,
    pub fname: Option<String>,
    pub lname: Option<String>,
    pub email: Option<String>,
    pub is_active: Option<bool>,
    pub is_employee: Option<bool>,
    pub is_customer_portal_user: Option<bool>,
    pub has_access_to_site_code: Option<String>,
    pub has_access_to_site_id: Option<i64>,
}

const COLUMNS: &str = "u.asp_users_id as id, u.user_id, u.fname, u.lname, u.email, u.is_active, u.is_locked, u.fss_employee,
    u.supplier_portal_user, u.customer_portal_user, u.is_punchin_user, u.password_expiration_date";

/// Matching users (one page) and how many match in all (up to the cap, when one is set).
pub async fn search(pool: &PgPool, c: &Criteria<UserFilters>) -> ApiResult<(Vec<UserRecord>, i64)> {
    let f = &c.filters;
    let base = format!(
        "select {COLUMNS} from asp.asp_users u
            where ($1::text is null or u.user_id ilike $1 or u.fname ilike $1 or u.lname ilike $1 or u.email ilike $1
                   or (u.fname || ' ' || u.lname) ilike $1)
              and ($2::bigint[] is null or u.asp_users_id = any($2))
              and ($3::text is null or u.user_id ilike $3)
              and ($4::text is null or u.fname ilike $4)
              and ($5::text is null or u.lname ilike $5)
              and ($6::text is null or u.email ilike $6)
              and ($7::boolean is null or u.is_active = $7)
              and ($8::boolean is null or u.fss_employee = $8)
              and ($9::boolean is null or u.customer_portal_user = $9)
              and ($10::text is null or exists (select 1 from asp.user_site us join asp.site s using (site_id)
                                                where us.asp_users_id = u.asp_users_id and s.site_code = upper($10)))
              and ($11::bigint is null or exists (select 1 from asp.user_site us
                                                  where us.asp_users_id = u.asp_users_id and us.site_id = $11))"
    );
    let (page_sql, count_sql) = listing::search_sql(&base, &c.order_by("id"), 12, c.cap);
    let pattern = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(criteria::contains_pattern);
    let site_code = f.has_access_to_site_code.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let binds = (c.q_pattern(), c.ids.clone(), pattern(&f.username), pattern(&f.fname), pattern(&f.lname), pattern(&f.email));
    let mut conn = pool.acquire().await?;
    let total: i64 = sqlx::query_scalar(&count_sql)
        .bind(&binds.0)
        .bind(&binds.1)
        .bind(&binds.2)
        .bind(&binds.3)
        .bind(&binds.4)
        .bind(&binds.5)
        .bind(f.is_active)
        .bind(f.is_employee)
        .bind(f.is_customer_portal_user)
        .bind(&site_code)
        .bind(f.has_access_to_site_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows: Vec<UserRow> = sqlx::query_as(&page_sql)
    .bind(&binds.0)
    .bind(&binds.1)
    .bind(&binds.2)
    .bind(&binds.3)
    .bind(&binds.4)
    .bind(&binds.5)
    .bind(f.is_active)
    .bind(f.is_employee)
    .bind(f.is_customer_portal_user)
    .bind(&site_code)
    .bind(f.has_access_to_site_id)
    .bind(c.limit.max(0))
    .bind(c.offset.max(0))
    .fetch_all(&mut *conn)
    .await?;
    Ok((with_access(&mut conn, rows).await?, total))
}

async fn with_access(conn: &mut PgConnection, rows: Vec<UserRow>) -> ApiResult<Vec<UserRecord>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let sites: Vec<(i64, i64)> =
        sqlx::query_as("select asp_users_id, site_id from asp.user_site where asp_users_id = any($1) order by site_id")
            .bind(&ids)
            .fetch_all(&mut *conn)
            .await?;
    let roles: Vec<(i64, i64, i64)> = sqlx::query_as(
        "select asp_users_id, site_id, security_role_id from asp.user_site_role where asp_users_id = any($1)
         order by site_id, security_role_id",
    )
    .bind(&ids)
    .fetch_all(&mut *conn)
    .await?;
    let mut site_map: HashMap<i64, Vec<i64>> = HashMap::new();
    for (u, s) in sites {
        site_map.entry(u).or_default().push(s);
    }
    let mut role_map: HashMap<i64, Vec<RoleGrant>> = HashMap::new();
    for (u, site_id, security_role_id) in roles {
        role_map.entry(u).or_default().push(RoleGrant { site_id, security_role_id });
    }
    Ok(rows
        .into_iter()
        .map(|r| {
            let id = r.id;
            r.into_record(site_map.remove(&id).unwrap_or_default(), role_map.remove(&id).unwrap_or_default())
        })
        .collect())
}

async fn load(conn: &mut PgConnection, id: i64, lock: bool) -> ApiResult<Option<UserRecord>> {
    let row: Option<UserRow> = sqlx::query_as(&format!(
        "select {COLUMNS} from asp.asp_users u where u.asp_users_id = $1{}",
        if lock { " for update" } else { "" }
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some(r) => with_access(conn, vec![r]).await?.pop(),
        None => None,
    })
}

/// One user; 404 when there is none.
pub async fn get(pool: &PgPool, id: i64) -> ApiResult<UserRecord> {
    let mut conn = pool.acquire().await?;
    load(&mut conn, id, false).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))
}

fn check_user_id(p: &mut Problems, raw: Option<&str>) -> Option<String> {
    let v = p.required_text("user_id", "User ID", raw.unwrap_or_default(), 100);
    if !v.is_empty() && v.chars().any(char::is_whitespace) {
        p.add("user_id", "invalid", "The User ID cannot contain spaces.");
    }
    (!v.is_empty()).then_some(v)
}

fn check_email(p: &mut Problems, raw: Option<&str>) -> Option<String> {
    let v = p.optional_text("email", "Email", raw, 254)?;
    let valid = v.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.') && !domain.contains('@'))
        && !v.chars().any(char::is_whitespace);
    if !valid {
        p.add("email", "invalidEmail", "Please enter a valid email address.");
    }
    Some(v)
}

/// A user administrator can hand out only the permissions they hold themselves (at their current site), so the
/// user-admin permissions cannot be turned into administrator rights; FSSConnectAdmin may grant anything.
async fn ensure_no_escalation(state: &AppState, caller: &Caller, roles: &[RoleGrant]) -> ApiResult<()> {
    if roles.is_empty() || caller.holds(kernel::Perm::FSSConnectAdmin) {
        return Ok(());
    }
    let held: Vec<String> = caller.site.as_ref().map(|a| a.permissions()).unwrap_or_default();
    let role_ids: Vec<i64> = roles.iter().map(|r| r.security_role_id).collect();
    let beyond: Vec<String> = sqlx::query_scalar(
        "select distinct p.permission_name from asp.security_role_permission rp
         join asp.security_permission p using (security_permission_id)
         where rp.security_role_id = any($1) and not (p.permission_name = any($2)) order by 1",
    )
    .bind(&role_ids)
    .bind(&held)
    .fetch_all(&state.pool)
    .await?;
    if beyond.is_empty() {
        Ok(())
    } else {
        Err(ApiError::forbidden(&format!("You cannot grant permissions you do not hold: {}", beyond.join(", "))))
    }
}

/// Checks the requested access against the database: known sites and roles, and every role at one of the sites.
async fn check_access(conn: &mut PgConnection, p: &mut Problems, site_ids: &[i64], roles: &[RoleGrant]) -> ApiResult<()> {
    let known_sites: Vec<i64> = sqlx::query_scalar("select site_id from asp.site where site_id = any($1)")
        .bind(site_ids)
        .fetch_all(&mut *conn)
        .await?;
    for s in site_ids {
        if !known_sites.contains(s) {
            p.add("site_ids", "unknownSite", &format!("Site {s} does not exist."));
        }
    }
    let role_ids: Vec<i64> = criteria::dedup_ids(&roles.iter().map(|r| r.security_role_id).collect::<Vec<_>>());
    let known_roles: Vec<i64> = sqlx::query_scalar("select security_role_id from asp.security_role where security_role_id = any($1)")
        .bind(&role_ids)
        .fetch_all(&mut *conn)
        .await?;
    for r in &role_ids {
        if !known_roles.contains(r) {
            p.add("roles", "unknownRole", &format!("Role {r} does not exist."));
        }
    }
    for g in roles {
        if !site_ids.contains(&g.site_id) {
            p.add(
                "roles",
                "siteNotGranted",
                &format!("Role {} is given at site {}, which is not one of the user's sites.", g.security_role_id, g.site_id),
            );
        }
    }
    Ok(())
}

fn dedup_roles(roles: &[RoleGrant]) -> Vec<RoleGrant> {
    let mut out: Vec<RoleGrant> = Vec::with_capacity(roles.len());
    for r in roles {
        if !out.contains(r) {
            out.push(r.clone());
        }
    }
    out
}

/// Makes the user's access rows exactly `site_ids` and `roles`.
async fn replace_access(conn: &mut PgConnection, user: i64, site_ids: &[i64], roles: &[RoleGrant]) -> ApiResult<()> {
    let role_sites: Vec<i64> = roles.iter().map(|r| r.site_id).collect();
    let role_ids: Vec<i64> = roles.iter().map(|r| r.security_role_id).collect();
    sqlx::query(
        "delete from asp.user_site_role r where r.asp_users_id = $1 and not exists (
             select 1 from unnest($2::bigint[], $3::bigint[]) as g(site_id, role_id)
             where g.site_id = r.site_id and g.role_id = r.security_role_id)",
    )
    .bind(user)
    .bind(&role_sites)
    .bind(&role_ids)
    .execute(&mut *conn)
    .await?;
    sqlx::query("delete from asp.user_site where asp_users_id = $1 and site_id <> all($2::bigint[])")
        .bind(user)
        .bind(site_ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query("insert into asp.user_site (asp_users_id, site_id) select $1, s from unnest($2::bigint[]) as s on conflict do nothing")
        .bind(user)
        .bind(site_ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
         select $1, g.site_id, g.role_id from unnest($2::bigint[], $3::bigint[]) as g(site_id, role_id) on conflict do nothing",
    )
    .bind(user)
    .bind(&role_sites)
    .bind(&role_ids)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn user_id_taken(conn: &mut PgConnection, user_id: &str, except: Option<i64>) -> ApiResult<bool> {
    Ok(sqlx::query_scalar("select exists(select 1 from asp.asp_users where lower(user_id) = lower($1) and asp_users_id is distinct from $2)")
        .bind(user_id)
        .bind(except)
        .fetch_one(&mut *conn)
        .await?)
}

fn taken(user_id: &str) -> ApiError {
    ApiError::conflict(&format!("The User ID {user_id} is already taken."))
}

async fn hash_password(p: password::NewPassword) -> ApiResult<String> {
    // argon2 is deliberately slow: keep it off the request threads.
    tokio::task::spawn_blocking(move || password::hash(p.as_str()))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::from)
}

fn audit_entry(action: &'static str, id: i64, changes: serde_json::Value) -> AuditEntry<'static> {
    AuditEntry { action, entity: "asp_users", entity_id: id.to_string(), client_id: None, site_id: None, changes }
}

/// Creates a user with a password and access rows.
pub async fn create(state: &AppState, actor: &Caller, input: &UserInput) -> ApiResult<UserRecord> {
    let mut p = Problems::default();
    let user_id = check_user_id(&mut p, input.user_id.as_deref());
    let fname = p.optional_text("fname", "First name", input.fname.as_deref(), 100).unwrap_or_default();
    let lname = p.optional_text("lname", "Last name", input.lname.as_deref(), 100).unwrap_or_default();
    let email = check_email(&mut p, input.email.value().map(String::as_str));
    let new_password = match input.password.as_deref() {
        None | Some("") => {
            p.add("password", "required", "Please enter a value for Password.");
            None
        }
        Some(pw) => match password::NewPassword::parse(pw, pw) {
            Ok(np) => Some(np),
            Err(e) => {
                p.push(e);
                None
            }
        },
    };
    let site_ids = criteria::dedup_ids(input.site_ids.as_deref().unwrap_or_default());
    let roles = dedup_roles(input.roles.as_deref().unwrap_or_default());
    let mut conn = state.pool.acquire().await?;
    check_access(&mut conn, &mut p, &site_ids, &roles).await?;
    drop(conn);
    p.check()?;
    ensure_no_escalation(state, actor, &roles).await?;
    let (Some(user_id), Some(new_password)) = (user_id, new_password) else {
        return Err(ApiError::bad_request("Invalid user."));
    };
    let hash = hash_password(new_password).await?;
    let expires = match input.password_expiration_date.as_opt_ref() {
        None => Some(Utc::now() + Duration::days(state.settings.password_max_age_days)),
        Some(v) => v.copied(),
    };

    let mut tx = state.pool.begin().await?;
    if user_id_taken(&mut tx, &user_id, None).await? {
        return Err(taken(&user_id));
    }
    let id: i64 = sqlx::query_scalar(
        "insert into asp.asp_users (user_id, fname, lname, email, is_active, is_locked, fss_employee, supplier_portal_user,
             customer_portal_user, is_punchin_user, password_hash, password_expiration_date)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning asp_users_id",
    )
    .bind(&user_id)
    .bind(&fname)
    .bind(&lname)
    .bind(&email)
    .bind(input.is_active.unwrap_or(true))
    .bind(input.is_locked.unwrap_or(false))
    .bind(input.fss_employee.unwrap_or(false))
    .bind(input.supplier_portal_user.unwrap_or(false))
    .bind(input.customer_portal_user.unwrap_or(false))
    .bind(input.is_punchin_user.unwrap_or(false))
    .bind(&hash)
    .bind(expires)
    .fetch_one(&mut *tx)
    .await?;
    replace_access(&mut tx, id, &site_ids, &roles).await?;
    let created = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("created user vanished"))?;
    audit::record(&mut tx, Some(actor), audit_entry("user.create", id, json!({"created": criteria::snapshot(&created)}))).await?;
    tx.commit().await?;
    Ok(created)
}

/// Updates a user (see [`UserInput`] for what absent fields mean). Deactivating or locking ends the user's sessions.
pub async fn update(state: &AppState, actor: &Caller, id: i64, input: &UserInput) -> ApiResult<UserRecord> {
    let mut p = Problems::default();
    if input.password.as_deref().is_some_and(|s| !s.is_empty()) {
        p.add("password", "notAllowed", "Passwords are changed with the password reset, not by editing the user.");
    }
    let user_id = match input.user_id.as_deref() {
        Some(raw) => check_user_id(&mut p, Some(raw)),
        None => None,
    };
    let fname = input.fname.as_deref().map(|v| p.optional_text("fname", "First name", Some(v), 100).unwrap_or_default());
    let lname = input.lname.as_deref().map(|v| p.optional_text("lname", "Last name", Some(v), 100).unwrap_or_default());
    let email = input.email.as_opt_ref().map(|v| check_email(&mut p, v.map(String::as_str)));

    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    let is_active = input.is_active.unwrap_or(before.is_active);
    let is_locked = input.is_locked.unwrap_or(before.is_locked);
    if actor.user_id == id || actor.real_user_id == id {
        if !is_active {
            p.add("is_active", "self", "You cannot deactivate your own account.");
        }
        if is_locked {
            p.add("is_locked", "self", "You cannot lock your own account.");
        }
    }
    let site_ids = match &input.site_ids {
        Some(s) => criteria::dedup_ids(s),
        None => before.site_ids.clone(),
    };
    let roles = match &input.roles {
        Some(r) => dedup_roles(r),
        // Roles at sites the user no longer has go with the site.
        None => before.roles.iter().filter(|r| site_ids.contains(&r.site_id)).cloned().collect(),
    };
    if input.site_ids.is_some() || input.roles.is_some() {
        check_access(&mut tx, &mut p, &site_ids, &roles).await?;
    }
    p.check()?;
    if input.roles.is_some() {
        ensure_no_escalation(state, actor, &roles).await?;
    }
    let user_id = user_id.unwrap_or_else(|| before.user_id.clone());
    if !user_id.eq_ignore_ascii_case(&before.user_id) && user_id_taken(&mut tx, &user_id, Some(id)).await? {
        return Err(taken(&user_id));
    }
    let email = email.unwrap_or_else(|| before.email.clone());
    let expires = match input.password_expiration_date.as_opt_ref() {
        None => before.password_expiration_date,
        Some(v) => v.copied(),
    };
    let unlocking = before.is_locked && !is_locked;
    sqlx::query(
        "update asp.asp_users set user_id = $2, fname = $3, lname = $4, email = $5, is_active = $6, is_locked = $7,
             fss_employee = $8, supplier_portal_user = $9, customer_portal_user = $10, is_punchin_user = $11,
             password_expiration_date = $12,
             failed_login_count = case when $13 then 0 else failed_login_count end,
             locked_until = case when $13 then null else locked_until end,
             updated_at = now()
         where asp_users_id = $1",
    )
    .bind(id)
    .bind(&user_id)
    .bind(fname.unwrap_or_else(|| before.fname.clone()))
    .bind(lname.unwrap_or_else(|| before.lname.clone()))
    .bind(&email)
    .bind(is_active)
    .bind(is_locked)
    .bind(input.fss_employee.unwrap_or(before.fss_employee))
    .bind(input.supplier_portal_user.unwrap_or(before.supplier_portal_user))
    .bind(input.customer_portal_user.unwrap_or(before.customer_portal_user))
    .bind(input.is_punchin_user.unwrap_or(before.is_punchin_user))
    .bind(expires)
    .bind(unlocking)
    .execute(&mut *tx)
    .await?;
    if site_ids != before.site_ids || roles != before.roles {
        replace_access(&mut tx, id, &site_ids, &roles).await?;
    }
    let after = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("updated user vanished"))?;
    let changes = criteria::diff(&criteria::snapshot(&before), &criteria::snapshot(&after));
    audit::record(&mut tx, Some(actor), audit_entry("user.update", id, changes)).await?;
    tx.commit().await?;
    if (before.is_active && !after.is_active) || (!before.is_locked && after.is_locked) {
        state.sessions.revoke_all_for_user(id, None).await?;
    }
    Ok(after)
}

/// "Deleting" a user deactivates the account (its history stays) and ends all of its sessions.
pub async fn delete(state: &AppState, actor: &Caller, id: i64) -> ApiResult<UserRecord> {
    if actor.user_id == id || actor.real_user_id == id {
        return Err(ApiError::invalid("id", "self", "You cannot deactivate your own account."));
    }
    let mut tx = state.pool.begin().await?;
    let before = load(&mut tx, id, true).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    sqlx::query("update asp.asp_users set is_active = false, updated_at = now() where asp_users_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let after = load(&mut tx, id, false).await?.ok_or_else(|| ApiError::internal("deactivated user vanished"))?;
    let mut changes = criteria::diff(&criteria::snapshot(&before), &criteria::snapshot(&after));
    if let Some(obj) = changes.as_object_mut() {
        obj.insert("sessions".to_owned(), json!("revoked"));
    }
    audit::record(&mut tx, Some(actor), audit_entry("user.deactivate", id, changes)).await?;
    tx.commit().await?;
    state.sessions.revoke_all_for_user(id, None).await?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_ids_and_emails_are_checked() {
        let mut p = Problems::default();
        assert_eq!(check_user_id(&mut p, Some(" newbie ")).as_deref(), Some("newbie"));
        assert!(p.is_empty());
        check_user_id(&mut p, Some("two words"));
        check_user_id(&mut p, None);
        assert_eq!(p.0.len(), 2);
        let mut p = Problems::default();
        assert_eq!(check_email(&mut p, Some("a@b.example")).as_deref(), Some("a@b.example"));
        assert_eq!(check_email(&mut p, Some("  ")), None);
        assert!(p.is_empty());
        for bad in ["nobody", "a@b", "a b@c.d", "@c.d", "a@.d", "a@b@c.d"] {
            let mut p = Problems::default();
            check_email(&mut p, Some(bad));
            assert_eq!(p.0.len(), 1, "{bad}");
        }
    }

    #[test]
    fn every_sort_field_maps_to_an_output_column() {
        for (_, col) in SORTS {
            // The output name of each selected column: its alias, or the column after the table prefix.
            let names: Vec<&str> = COLUMNS.split(',').map(|c| c.trim().rsplit([' ', '.']).next().unwrap_or_default()).collect();
            assert!(names.contains(col), "{col}");
        }
    }
}
