//! Schema-per-client tenancy.
//!
//! The shared schema `asp` holds provider-wide data (clients, sites, users, roles, permissions, settings). Each
//! client's business data lives in its own schema `client_<code>`, every row carrying `site_id`.
//!
//! The pool's default `search_path` is `ext` (extensions only): a query that names a tenant table without a scope
//! fails with "relation does not exist" instead of reading somebody's data. Tenant tables are reached only through
//! [`TenantTx`], which can only be opened from a [`SiteScope`]; a `SiteScope` is issued by the authorizer
//! (`authz::Authorizer::grant`) after it checked that the caller may use that site.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, PgConnection, PgPool, Postgres, Transaction};

/// Everything that can go wrong in this crate.
#[derive(Debug, thiserror::Error)]
pub enum TenancyError {
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("invalid client code {0:?}: use 1-40 letters, digits or underscores")]
    InvalidClientCode(String),
    #[error("client {0} already exists")]
    ClientExists(String),
    #[error("a transaction can only be widened to sites of its own client")]
    OtherClient,
    #[error("invalid database role name {0:?}")]
    InvalidRole(String),
}

/// The schema that only holds extensions; it is the pool's default search_path.
pub const EXT_SCHEMA: &str = "ext";
/// The shared schema.
pub const SHARED_SCHEMA: &str = "asp";

/// A validated client code (upper case, `[A-Z0-9_]{1,40}`) and the schema name derived from it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClientCode(String);

impl ClientCode {
    pub fn parse(raw: &str) -> Result<Self, TenancyError> {
        let code = raw.trim().to_ascii_uppercase();
        let ok = !code.is_empty()
            && code.len() <= 40
            && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if ok {
            Ok(Self(code))
        } else {
            Err(TenancyError::InvalidClientCode(raw.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The client's schema; safe to splice into SQL as an identifier because the code is validated.
    pub fn schema_name(&self) -> SchemaName {
        SchemaName(format!("client_{}", self.0.to_ascii_lowercase()))
    }
}

impl fmt::Display for ClientCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A tenant schema name known to be a plain identifier (`client_[a-z0-9_]+`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SchemaName(String);

impl SchemaName {
    /// Accepts only names this crate would have produced, so a value read back from the database can be trusted.
    pub fn parse(raw: &str) -> Option<Self> {
        let rest = raw.strip_prefix("client_")?;
        let ok = !rest.is_empty()
            && rest.len() <= 40
            && rest.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        ok.then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The search_path of a request scoped to this tenant: its schema, then the extensions.
    pub fn search_path(&self) -> String {
        format!("{}, {EXT_SCHEMA}", self.0)
    }
}

impl fmt::Display for SchemaName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Permission to touch one site's rows in one client's schema.
///
/// Only the authorizer creates these (through [`SiteScope::granted_by_authorizer`]), after checking that the
/// caller may use the site; repository functions for tenant data take a [`TenantTx`], which needs one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteScope {
    client_id: i64,
    schema: SchemaName,
    site_id: i64,
}

impl SiteScope {
    /// Reserved for `authz`. Any other caller bypasses authorization; a test in this crate checks that no other
    /// crate in the workspace calls it.
    #[doc(hidden)]
    pub fn granted_by_authorizer(client_id: i64, schema: SchemaName, site_id: i64) -> Self {
        Self { client_id, schema, site_id }
    }

    pub fn client_id(&self) -> i64 {
        self.client_id
    }
    pub fn site_id(&self) -> i64 {
        self.site_id
    }
    pub fn schema(&self) -> &SchemaName {
        &self.schema
    }

    /// Opens a transaction whose search_path is this client's schema and whose granted sites (the setting the
    /// row-level security policies read) are this scope's site; both transaction-local, so the pooled connection
    /// carries no tenant state afterwards. One round trip for both.
    pub async fn begin(&self, pool: &PgPool) -> Result<TenantTx, TenancyError> {
        self.begin_as(pool, "").await
    }

    /// [`begin`](Self::begin) for a hot write path made only of key look-ups (the stock ledger's postings): its
    /// prepared statements run on generic plans (`plan_cache_mode`, transaction-local). PostgreSQL otherwise keeps
    /// re-planning statements whose parameters are arrays or whose tables carry the site policy, about a third of
    /// such a transaction's database time. Searches keep `begin`: they want a plan made for their values.
    pub async fn begin_posting(&self, pool: &PgPool) -> Result<TenantTx, TenancyError> {
        self.begin_as(pool, ", set_config('plan_cache_mode', 'force_generic_plan', true)").await
    }

    /// [`begin`](Self::begin) for one page of a search (the CIP grid, its picker and Min1): serial plans
    /// (`max_parallel_workers_per_gather` 0, transaction-local). On the two cores the product is sized for, the leader
    /// and two workers share them with the server and every other request, and a page that stops at its cap pays more
    /// for starting and feeding workers than they save: the grid's `BEARING, has on hand` page took 38-46 ms serial
    /// and 52-53 ms parallel at a million CIPs (bench/README.md). Exports and reports keep `begin`.
    pub async fn begin_page(&self, pool: &PgPool) -> Result<TenantTx, TenancyError> {
        self.begin_as(pool, ", set_config('max_parallel_workers_per_gather', '0', true)").await
    }

    async fn begin_as(&self, pool: &PgPool, extra_settings: &'static str) -> Result<TenantTx, TenancyError> {
        let sites = vec![self.site_id];
        // BEGIN and the settings travel as one simple-protocol message (one round trip instead of two). The values
        // are spliced, not bound: the schema name is a validated identifier and the sites are integers.
        let statement = format!(
            "begin; select set_config('search_path', '{}', true), set_config('asp.site_ids', '{}', true){extra_settings}",
            self.schema.search_path(),
            site_array(&sites)
        );
        let tx = pool.begin_with(statement).await?;
        Ok(TenantTx { tx, scope: self.clone(), sites })
    }
}

/// The `asp.site_ids` setting's text: a PostgreSQL bigint array literal.
fn site_array(sites: &[i64]) -> String {
    format!("{{{}}}", sites.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
}

/// A transaction bound to one client schema and one site (or, widened, several granted sites of that client).
pub struct TenantTx {
    tx: Transaction<'static, Postgres>,
    scope: SiteScope,
    sites: Vec<i64>,
}

impl TenantTx {
    /// Lets this transaction also see the rows of `other`'s site: for work that spans several sites the caller was
    /// granted (a search over every site where the caller may audit alerts). Only a scope the authorizer issued can
    /// widen a transaction, and only within the same client.
    pub async fn widen(&mut self, other: &SiteScope) -> Result<(), TenancyError> {
        if other.client_id != self.scope.client_id || other.schema != self.scope.schema {
            return Err(TenancyError::OtherClient);
        }
        if self.sites.contains(&other.site_id) {
            return Ok(());
        }
        self.sites.push(other.site_id);
        sqlx::query("select set_config('asp.site_ids', $1, true)").bind(site_array(&self.sites)).execute(&mut *self.tx).await?;
        Ok(())
    }

    pub fn scope(&self) -> &SiteScope {
        &self.scope
    }
    pub fn site_id(&self) -> i64 {
        self.scope.site_id
    }
    pub async fn commit(self) -> Result<(), TenancyError> {
        self.tx.commit().await?;
        Ok(())
    }
}

impl Deref for TenantTx {
    type Target = PgConnection;
    fn deref(&self) -> &PgConnection {
        &self.tx
    }
}
impl DerefMut for TenantTx {
    fn deref_mut(&mut self) -> &mut PgConnection {
        &mut self.tx
    }
}

/// Connection options with the safe default search_path.
pub fn connect_options(url: &str) -> Result<PgConnectOptions, TenancyError> {
    let opts = PgConnectOptions::from_str(url)?
        .options([("search_path", EXT_SCHEMA)])
        .application_name("asp");
    Ok(opts)
}

/// The application pool.
pub async fn connect_pool(url: &str, max_connections: u32) -> Result<PgPool, TenancyError> {
    let pool = PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        // sqlx pings every connection it hands out by default: a round trip per request for nothing on a healthy
        // pool. A connection that died is found by the query that uses it (one failed request), and connections
        // are recycled after max_lifetime anyway.
        .test_before_acquire(false)
        .connect_with(connect_options(url)?)
        .await?;
    Ok(pool)
}

/// Serialises migrations and tenant creation across processes.
const MIGRATION_LOCK: i64 = 0x4153_505f_4d49_4752; // "ASP_MIGR"

async fn migrate_schema(conn: &mut PgConnection, migrator: &sqlx::migrate::Migrator, schema: &str) -> Result<(), TenancyError> {
    // A dedicated connection (never a pooled one), so a session-level search_path is harmless here.
    sqlx::query(&format!("create schema if not exists {schema}")).execute(&mut *conn).await?;
    sqlx::query("select set_config('search_path', $1, false)")
        .bind(format!("{schema}, {EXT_SCHEMA}"))
        .execute(&mut *conn)
        .await?;
    migrator.run(&mut *conn).await?;
    Ok(())
}

/// Client-tier tables: tables of a client schema without `site_id`, shared by the client's sites and isolated by
/// the schema alone (domain design, section 1). Every other table of a client schema is site-tier: it carries
/// `site_id` and the row-level security policy. The tenancy tests read this list.
pub const CLIENT_TIER_TABLES: &[&str] = &["vendor"];

/// The role the application connects as (for `grant`s): a plain SQL identifier.
fn checked_role(role: &str) -> Result<&str, TenancyError> {
    let ok = !role.is_empty() && role.len() <= 63 && role.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        Ok(role)
    } else {
        Err(TenancyError::InvalidRole(role.to_owned()))
    }
}

/// Lets the application's role use a schema's data (never its structure): run by the owner after migrating it.
async fn grant_to_app(conn: &mut PgConnection, schema: &str, app_role: Option<&str>) -> Result<(), TenancyError> {
    let Some(role) = app_role else { return Ok(()) };
    let role = checked_role(role)?;
    let mut statements = vec![
        format!("grant usage on schema {schema} to {role}"),
        format!("grant select, insert, update, delete on all tables in schema {schema} to {role}"),
        format!("grant usage, select on all sequences in schema {schema} to {role}"),
    ];
    // The migration bookkeeping is the owner's.
    if schema != EXT_SCHEMA {
        statements.push(format!("revoke insert, update, delete on {schema}._sqlx_migrations from {role}"));
    }
    for statement in statements {
        sqlx::query(&statement).execute(&mut *conn).await?;
    }
    Ok(())
}

/// Brings the shared schema and then every client schema to the latest version, so all tenants stay in lockstep,
/// and grants `app_role` (the role `asp serve` connects as, when it is not the owner) the use of their data.
/// Returns the number of client schemas migrated.
pub async fn migrate_all(url: &str, app_role: Option<&str>) -> Result<usize, TenancyError> {
    let mut conn = PgConnection::connect_with(&connect_options(url)?).await?;
    sqlx::query("select pg_advisory_lock($1)").bind(MIGRATION_LOCK).execute(&mut conn).await?;
    let result = async {
        migrate_schema(&mut conn, &migrations::GLOBAL, SHARED_SCHEMA).await?;
        grant_to_app(&mut conn, SHARED_SCHEMA, app_role).await?;
        grant_to_app(&mut conn, EXT_SCHEMA, app_role).await?;
        let schemas: Vec<(String,)> = sqlx::query_as("select schema_name from asp.client order by client_id")
            .fetch_all(&mut conn)
            .await?;
        for (schema,) in &schemas {
            let schema = SchemaName::parse(schema).ok_or_else(|| TenancyError::InvalidClientCode(schema.clone()))?;
            tracing::info!(schema = %schema, "migrating client schema");
            migrate_schema(&mut conn, &migrations::TENANT, schema.as_str()).await?;
            grant_to_app(&mut conn, schema.as_str(), app_role).await?;
        }
        Ok::<usize, TenancyError>(schemas.len())
    }
    .await;
    sqlx::query("select pg_advisory_unlock($1)").bind(MIGRATION_LOCK).execute(&mut conn).await?;
    conn.close().await?;
    result
}

/// A client row as created.
#[derive(Debug, Clone)]
pub struct ProvisionedClient {
    pub client_id: i64,
    pub code: ClientCode,
    pub schema: SchemaName,
}

/// Creates a client and its schema at the current tenant migration version (its data usable by `app_role`).
pub async fn create_tenant(url: &str, code: &ClientCode, name: &str, app_role: Option<&str>) -> Result<ProvisionedClient, TenancyError> {
    let mut conn = PgConnection::connect_with(&connect_options(url)?).await?;
    sqlx::query("select pg_advisory_lock($1)").bind(MIGRATION_LOCK).execute(&mut conn).await?;
    let result = async {
        let schema = code.schema_name();
        let exists: Option<(i64,)> = sqlx::query_as("select client_id from asp.client where client_code = $1")
            .bind(code.as_str())
            .fetch_optional(&mut conn)
            .await?;
        if exists.is_some() {
            return Err(TenancyError::ClientExists(code.to_string()));
        }
        migrate_schema(&mut conn, &migrations::TENANT, schema.as_str()).await?;
        grant_to_app(&mut conn, schema.as_str(), app_role).await?;
        let (client_id,): (i64,) = sqlx::query_as(
            "insert into asp.client (client_code, client_name, schema_name) values ($1, $2, $3) returning client_id",
        )
        .bind(code.as_str())
        .bind(name)
        .bind(schema.as_str())
        .fetch_one(&mut conn)
        .await?;
        Ok(ProvisionedClient { client_id, code: code.clone(), schema })
    }
    .await;
    sqlx::query("select pg_advisory_unlock($1)").bind(MIGRATION_LOCK).execute(&mut conn).await?;
    conn.close().await?;
    result
}

/// Tables of a tenant schema that lack a `site_id` column (should always be empty; checked by tests and `asp
/// migrate`).
pub async fn tables_without_site_id(conn: &mut PgConnection, schema: &SchemaName) -> Result<Vec<String>, TenancyError> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select t.table_name::text from information_schema.tables t
         where t.table_schema = $1 and t.table_type = 'BASE TABLE' and t.table_name <> '_sqlx_migrations'
           and t.table_name <> all($2)
           and not exists (select 1 from information_schema.columns c
                           where c.table_schema = t.table_schema and c.table_name = t.table_name
                             and c.column_name = 'site_id')
         order by 1",
    )
    .bind(schema.as_str())
    .bind(CLIENT_TIER_TABLES)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(t,)| t).collect())
}

/// Site-tier search side tables, written by triggers on `cip` and read by the schema owner's security-definer search
/// functions, which write the site condition out themselves: besides `site_isolation`, each has the policy
/// `owner_search` (select only, for the tables' owner alone, `using (true)`), so that no security barrier keeps their
/// indexes from serving those reads (migrations/tenant/0024_search_tables_forced_rls.sql, docs/decisions.md). Their
/// row-level security is forced like every other table's.
pub const SEARCH_SIDE_TABLES: &[&str] = &["cip_text", "cip_word"];

/// Site-tier tables of a tenant schema (with `site_id`) whose row-level security is not enabled and forced, that lack
/// the `site_isolation` policy, or that have any other policy but the search side tables' `owner_search` (should
/// always be empty; checked by tests and `asp migrate`).
pub async fn tables_without_policy(conn: &mut PgConnection, schema: &SchemaName) -> Result<Vec<String>, TenancyError> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'p')
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'site_id' and not a.attisdropped)
           and not (c.relrowsecurity and c.relforcerowsecurity
                    and exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'site_isolation')
                    and not exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname <> 'site_isolation'
                                      and not (p.polname = 'owner_search' and c.relname = any($2) and p.polcmd = 'r'
                                               and p.polroles = array[c.relowner])))
         order by 1",
    )
    .bind(schema.as_str())
    .bind(SEARCH_SIDE_TABLES)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(t,)| t).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_codes_are_upper_cased_and_restricted() {
        assert_eq!(ClientCode::parse(" acme ").map(|c| c.to_string()).ok(), Some("ACME".to_owned()));
        assert!(ClientCode::parse("a;drop table x").is_err());
        assert!(ClientCode::parse("").is_err());
        assert_eq!(ClientCode::parse("Gea_2").map(|c| c.schema_name().to_string()).ok(), Some("client_gea_2".to_owned()));
    }

    #[test]
    fn site_settings_are_array_literals_and_roles_plain_identifiers() {
        assert_eq!(site_array(&[3, 14]), "{3,14}");
        assert_eq!(site_array(&[]), "{}");
        assert!(checked_role("asp_app").is_ok());
        assert!(checked_role("asp_app; drop role x").is_err());
        assert!(checked_role("").is_err());
    }

    #[test]
    fn schema_names_read_back_must_look_like_ours() {
        assert!(SchemaName::parse("client_acme").is_some());
        assert!(SchemaName::parse("asp").is_none());
        assert!(SchemaName::parse("client_x; drop").is_none());
        assert!(SchemaName::parse("client_").is_none());
    }
}
