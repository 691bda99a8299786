//! Authorization: which user may use which site, and with which permissions there.
//!
//! Casbin RBAC with domains (user, site, permission). The rules are derived from the shared schema (user-site
//! access, user roles per site, role permissions) and held in one small enforcer per site, loaded on demand and
//! kept in an LRU map: one enforcer for every tenant would be a linear scan over all rules on each check.
//!
//! Changes reach every API replica through PostgreSQL `LISTEN asp_authz` (triggers in the shared schema announce
//! the changed site, or `*`); each cached site also expires after [`MAX_AGE`] as a backstop for a missed notice.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::sync::Arc;
use std::time::{Duration, Instant};

use casbin::{CoreApi, DefaultModel, Enforcer, MemoryAdapter, MgmtApi, RbacApi};
use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tenancy::{SchemaName, SiteScope};
use tokio::sync::Mutex;

const MODEL: &str = include_str!("model.conf");
/// Backstop reload interval for a cached site, in case a change notice was missed.
pub const MAX_AGE: Duration = Duration::from_secs(300);
/// The channel the shared schema's triggers notify.
pub const CHANNEL: &str = "asp_authz";

#[derive(Debug, thiserror::Error)]
pub enum AuthzError {
    #[error("site {0} is not available to this user")]
    SiteNotAvailable(i64),
    #[error("missing permission: {0}")]
    MissingPermission(String),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("policy engine error: {0}")]
    Engine(String),
}

impl From<casbin::Error> for AuthzError {
    fn from(e: casbin::Error) -> Self {
        Self::Engine(e.to_string())
    }
}

/// What a site's cached rules know.
struct SiteRules {
    /// Users with access to the site (the site is active).
    users: HashSet<i64>,
    /// Each user's effective permissions here, derived from the site's Casbin enforcer once per load so that a
    /// request checks a set instead of evaluating the policy model for every permission it names.
    effective: std::collections::HashMap<i64, Arc<UserSiteAccess>>,
    loaded_at: Instant,
}

/// One user's access to one site: the scope that opens the site's tenant data, and the permissions held there.
/// Issued by [`Authorizer::access`]; dropped with the site's rules when a change notice arrives.
#[derive(Debug)]
pub struct UserSiteAccess {
    scope: SiteScope,
    permissions: HashSet<String>,
}

impl UserSiteAccess {
    pub fn scope(&self) -> &SiteScope {
        &self.scope
    }
    pub fn holds(&self, permission: &str) -> bool {
        self.permissions.contains(permission)
    }
    pub fn holds_any<'a>(&self, any_of: impl IntoIterator<Item = &'a str>) -> bool {
        any_of.into_iter().any(|p| self.holds(p))
    }
    /// The permission names, sorted.
    pub fn permissions(&self) -> Vec<String> {
        let mut v: Vec<String> = self.permissions.iter().cloned().collect();
        v.sort();
        v
    }
}

/// A device's access to its one site, issued by [`Authorizer::device_access`] for a valid device token.
#[derive(Debug, Clone)]
pub struct DeviceAccess {
    pub device_token_id: i64,
    pub device_name: String,
    scope: SiteScope,
}

impl DeviceAccess {
    pub fn scope(&self) -> &SiteScope {
        &self.scope
    }
}

fn user_key(user_id: i64) -> String {
    format!("u{user_id}")
}
fn role_key(role_id: i64) -> String {
    format!("r{role_id}")
}
fn site_key(site_id: i64) -> String {
    format!("s{site_id}")
}

/// One site's cache slot: concurrent first requests for the site wait on it for one load.
type SiteSlot = Arc<Mutex<Option<Arc<SiteRules>>>>;

/// Answers "may this user do this at this site?" and issues [`SiteScope`]s.
pub struct Authorizer {
    pool: PgPool,
    model: DefaultModel,
    cache: Mutex<lru::LruCache<i64, SiteSlot>>,
}

impl Authorizer {
    pub async fn new(pool: PgPool, capacity: usize) -> Result<Arc<Self>, AuthzError> {
        let model = DefaultModel::from_str(MODEL).await?;
        let capacity = NonZeroUsize::new(capacity.max(1)).unwrap_or(NonZeroUsize::MIN);
        Ok(Arc::new(Self { pool, model, cache: Mutex::new(lru::LruCache::new(capacity)) }))
    }

    async fn load(&self, site_id: i64) -> Result<Option<SiteRules>, AuthzError> {
        let site: Option<(i64, String, bool)> = sqlx::query_as(
            "select s.client_id, c.schema_name, s.is_active and c.is_active
             from asp.site s join asp.client c using (client_id) where s.site_id = $1",
        )
        .bind(site_id)
        .fetch_optional(&self.pool)
        .await?;
        let Some((client_id, schema, active)) = site else { return Ok(None) };
        let Some(schema) = SchemaName::parse(&schema) else {
            return Err(AuthzError::Engine(format!("site {site_id} belongs to a client with an invalid schema")));
        };
        let users: HashSet<i64> = if active {
            sqlx::query_scalar("select asp_users_id from asp.user_site where site_id = $1")
                .bind(site_id)
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .collect()
        } else {
            HashSet::new()
        };
        // Roles count only where the user also has access to the site.
        let grants: Vec<(i64, i64)> = sqlx::query_as(
            "select r.asp_users_id, r.security_role_id from asp.user_site_role r
             join asp.user_site a on a.asp_users_id = r.asp_users_id and a.site_id = r.site_id
             where r.site_id = $1",
        )
        .bind(site_id)
        .fetch_all(&self.pool)
        .await?;
        let role_perms: Vec<(i64, String)> = sqlx::query_as(
            "select rp.security_role_id, p.permission_name from asp.security_role_permission rp
             join asp.security_permission p using (security_permission_id)
             where rp.security_role_id in (select security_role_id from asp.user_site_role where site_id = $1)",
        )
        .bind(site_id)
        .fetch_all(&self.pool)
        .await?;

        let mut enforcer = Enforcer::new(self.model.clone(), MemoryAdapter::default()).await?;
        let site = site_key(site_id);
        let g: Vec<Vec<String>> = grants
            .iter()
            .filter(|(u, _)| users.contains(u))
            .map(|(u, r)| vec![user_key(*u), role_key(*r), site.clone()])
            .collect();
        let p: Vec<Vec<String>> = role_perms.iter().map(|(r, perm)| vec![role_key(*r), perm.clone()]).collect();
        if !p.is_empty() {
            enforcer.add_policies(p).await?;
        }
        if !g.is_empty() {
            enforcer.add_grouping_policies(g).await?;
        }
        let mut effective = std::collections::HashMap::with_capacity(users.len());
        for user in &users {
            let permissions: HashSet<String> = enforcer
                .get_roles_for_user(&user_key(*user), Some(&site))
                .into_iter()
                .flat_map(|role| enforcer.get_filtered_policy(0, vec![role]))
                .filter_map(|rule| rule.get(1).cloned())
                .collect();
            let scope = SiteScope::granted_by_authorizer(client_id, schema.clone(), site_id);
            effective.insert(*user, Arc::new(UserSiteAccess { scope, permissions }));
        }
        Ok(Some(SiteRules { users, effective, loaded_at: Instant::now() }))
    }

    async fn rules(&self, site_id: i64) -> Result<Option<Arc<SiteRules>>, AuthzError> {
        // One slot per site: concurrent requests for a cold site wait for one load instead of each loading.
        let slot = {
            let mut cache = self.cache.lock().await;
            cache.get_or_insert(site_id, || Arc::new(Mutex::new(None))).clone()
        };
        let mut entry = slot.lock().await;
        if let Some(rules) = entry.as_ref() {
            if rules.loaded_at.elapsed() < MAX_AGE {
                return Ok(Some(rules.clone()));
            }
        }
        let loaded = self.load(site_id).await?.map(Arc::new);
        entry.clone_from(&loaded);
        Ok(loaded)
    }

    /// The user's access to the site: `None` when the site is not one of the user's available sites.
    pub async fn access(&self, user_id: i64, site_id: i64) -> Result<Option<Arc<UserSiteAccess>>, AuthzError> {
        Ok(self.rules(site_id).await?.and_then(|r| r.effective.get(&user_id).cloned()))
    }

    /// Is the site one of the user's available sites?
    pub async fn is_available(&self, user_id: i64, site_id: i64) -> Result<bool, AuthzError> {
        Ok(self.rules(site_id).await?.is_some_and(|r| r.users.contains(&user_id)))
    }

    /// Does the user hold at least one of `any_of` at the site (and may use the site at all)?
    pub async fn has_any(&self, user_id: i64, site_id: i64, any_of: &[&str]) -> Result<bool, AuthzError> {
        Ok(self.access(user_id, site_id).await?.is_some_and(|a| a.holds_any(any_of.iter().copied())))
    }

    /// The user's permission names at the site, sorted (empty when the site is not available).
    pub async fn permissions(&self, user_id: i64, site_id: i64) -> Result<Vec<String>, AuthzError> {
        Ok(self.access(user_id, site_id).await?.map(|a| a.permissions()).unwrap_or_default())
    }

    /// Checks availability and permission, then issues the scope that opens the site's tenant data.
    /// An empty `any_of` means "any user who may use the site".
    pub async fn grant(&self, user_id: i64, site_id: i64, any_of: &[&str]) -> Result<SiteScope, AuthzError> {
        let access = self.access(user_id, site_id).await?.ok_or(AuthzError::SiteNotAvailable(site_id))?;
        if !any_of.is_empty() && !access.holds_any(any_of.iter().copied()) {
            return Err(AuthzError::MissingPermission(any_of.join(" or ")));
        }
        Ok(access.scope().clone())
    }

    /// The device behind a device token (by the token's SHA-256), when the token is not revoked and its site and
    /// client are active: the scope that opens the site's tenant data for the device's report. Notes the token's
    /// last use in the same statement. Never cached: a revoked token is refused on its next request.
    pub async fn device_access(&self, token_hash: &[u8]) -> Result<Option<DeviceAccess>, AuthzError> {
        let row: Option<(i64, i64, String, i64, String)> = sqlx::query_as(
            "update asp.device_token t set last_used_at = now()
             from asp.site s join asp.client c using (client_id)
             where t.token_hash = $1 and t.revoked_at is null and (t.expires_at is null or t.expires_at > now()) and s.site_id = t.site_id and s.is_active and c.is_active
             returning t.device_token_id, t.site_id, c.schema_name, s.client_id, t.device_name",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        let Some((device_token_id, site_id, schema, client_id, device_name)) = row else { return Ok(None) };
        let Some(schema) = SchemaName::parse(&schema) else {
            return Err(AuthzError::Engine(format!("site {site_id} belongs to a client with an invalid schema")));
        };
        let scope = SiteScope::granted_by_authorizer(client_id, schema, site_id);
        Ok(Some(DeviceAccess { device_token_id, device_name, scope }))
    }

    /// Forgets cached rules: `site:<id>` for one site, anything else for all.
    pub async fn invalidate(&self, notice: &str) {
        let mut cache = self.cache.lock().await;
        match notice.strip_prefix("site:").and_then(|s| s.parse::<i64>().ok()) {
            Some(site_id) => {
                cache.pop(&site_id);
            }
            None => cache.clear(),
        }
    }

    /// Listens for change notices until the task is dropped; reconnects after errors and clears everything after a
    /// reconnect, because notices sent while disconnected are lost.
    pub fn spawn_listener(self: &Arc<Self>, pool: PgPool) -> tokio::task::JoinHandle<()> {
        let this = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                match PgListener::connect_with(&pool).await {
                    Ok(mut listener) => {
                        if let Err(e) = listener.listen(CHANNEL).await {
                            tracing::warn!(error = %e, "authz listener could not subscribe");
                        } else {
                            this.invalidate("*").await;
                            loop {
                                match listener.try_recv().await {
                                    Ok(Some(n)) => this.invalidate(n.payload()).await,
                                    Ok(None) => {
                                        // The connection dropped; notices may have been missed.
                                        this.invalidate("*").await;
                                    }
                                    Err(e) => {
                                        tracing::warn!(error = %e, "authz listener failed");
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "authz listener could not connect"),
                }
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        })
    }
}
