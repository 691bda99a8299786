//! Who may administer whom (docs/security.md, "User administration"): the one rule the user, site, role and
//! password services of every area ask, so a user administrator cannot become anyone.
//!
//! - **Provider administrators** hold FSSConnectAdmin or SuperUserAdmin at their current site: every user and site
//!   of every client is within their reach.
//! - **User administrators** (UserAdminInternal) reach a user when the user is not provider staff, has at least one
//!   site, has no site the administrator lacks, and holds no permission at any of those sites that the administrator
//!   lacks at the same site (`asp.reaches`, global migration 0035): administering a user is as good as being them,
//!   so nobody administers a user who can do more than they can. They reach only their own sites.
//! - Nobody hands out a permission they do not hold at the site where it is given (FSSConnectAdmin excepted).

pub mod repo;

use sqlx::PgConnection;

use crate::access::Caller;
use crate::error::{ApiError, ApiResult};
use crate::perm::Perm;
use crate::state::AppState;

/// The permissions that make a user an administrator of users (their lock state is provider business).
pub const USER_ADMINISTRATION: &[Perm] = &[Perm::FSSConnectAdmin, Perm::SuperUserAdmin, Perm::UserAdminInternal, Perm::UserAdminCustomer];

/// Provider-wide administration at the caller's current site.
pub fn is_provider_admin(caller: &Caller) -> bool {
    caller.holds_any(&[Perm::FSSConnectAdmin, Perm::SuperUserAdmin])
}

/// What a caller may administer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    /// Every user and site.
    Everything,
    /// The administrator `admin`'s own `sites`, and the users no more privileged than `admin` on them (see the
    /// module's rule).
    Sites { admin: i64, sites: Vec<i64> },
}

impl Reach {
    /// The caller's reach, read in the caller's transaction.
    pub async fn of(conn: &mut PgConnection, caller: &Caller) -> ApiResult<Reach> {
        if is_provider_admin(caller) {
            return Ok(Reach::Everything);
        }
        Ok(Reach::Sites { admin: caller.user_id, sites: repo::sites_of(conn, caller.user_id).await? })
    }

    /// The sites of a site-limited reach (`None`: everything), for search filters.
    pub fn site_ids(&self) -> Option<&[i64]> {
        match self {
            Reach::Everything => None,
            Reach::Sites { sites, .. } => Some(sites),
        }
    }

    /// The administrator whose reach limits a user search (`None`: everything), for `asp.reaches(admin, user)`.
    pub fn limited_to(&self) -> Option<i64> {
        match self {
            Reach::Everything => None,
            Reach::Sites { admin, .. } => Some(*admin),
        }
    }

    pub fn covers_site(&self, site_id: i64) -> bool {
        match self {
            Reach::Everything => true,
            Reach::Sites { sites, .. } => sites.contains(&site_id),
        }
    }

    /// Is the user `target` within reach? (A user that does not exist is not.)
    pub async fn covers_user(&self, conn: &mut PgConnection, target: i64) -> ApiResult<bool> {
        Ok(match self {
            Reach::Everything => repo::user_exists(conn, target).await?,
            Reach::Sites { admin, .. } => repo::reaches(conn, *admin, target).await?,
        })
    }

    /// 404 (as for a missing user) unless `target` is within reach.
    pub async fn require_user(&self, conn: &mut PgConnection, target: i64, not_found: &str) -> ApiResult<()> {
        if self.covers_user(conn, target).await? {
            Ok(())
        } else {
            Err(ApiError::not_found(not_found))
        }
    }
}

/// May the caller (holding ImpersonateUsers) act as `target`? Provider administrators reach everyone; provider staff
/// (`fss_employee`, which only a provider administrator sets) are the provider's support people, who act as the
/// users of their own sites to see what they see, so for them the sites alone decide (every site of the target is
/// one of theirs); anyone else only as a user within their [`Reach`] (no more permissions or sites than theirs).
/// Provider staff targets have their own rule at the caller.
pub async fn may_impersonate(conn: &mut PgConnection, caller: &Caller, target: i64) -> ApiResult<bool> {
    let reach = Reach::of(conn, caller).await?;
    if let Reach::Sites { sites, .. } = &reach {
        if repo::is_staff(conn, caller.user_id).await? {
            return Ok(repo::user_within(conn, target, sites).await?);
        }
    }
    reach.covers_user(conn, target).await
}

/// The permissions the caller holds at `site_id` (the current site's come with the request; others are asked of
/// the authorizer).
pub async fn held_at(state: &AppState, caller: &Caller, site_id: i64) -> ApiResult<Vec<String>> {
    if let Some(access) = caller.site.as_ref().filter(|a| a.scope().site_id() == site_id) {
        return Ok(access.permissions());
    }
    Ok(state.authz.permissions(caller.user_id, site_id).await?)
}

/// Refuses (403) when granting `roles` (site, role) would hand out a permission the caller does not hold at that
/// site. FSSConnectAdmin may grant anything.
pub async fn ensure_grantable(state: &AppState, conn: &mut PgConnection, caller: &Caller, roles: &[(i64, i64)]) -> ApiResult<()> {
    if roles.is_empty() || caller.holds(Perm::FSSConnectAdmin) {
        return Ok(());
    }
    let mut sites: Vec<i64> = roles.iter().map(|(s, _)| *s).collect();
    sites.sort_unstable();
    sites.dedup();
    for site in sites {
        let held = held_at(state, caller, site).await?;
        let role_ids: Vec<i64> = roles.iter().filter(|(s, _)| *s == site).map(|(_, r)| *r).collect();
        let beyond = repo::permissions_beyond(conn, &role_ids, &held).await?;
        if !beyond.is_empty() {
            return Err(ApiError::forbidden(&format!("You cannot grant permissions you do not hold: {}", beyond.join(", "))));
        }
    }
    Ok(())
}

/// Refuses (403) a role whose permissions (by name) include one the caller does not hold at the current site.
pub fn ensure_holds_all(caller: &Caller, permission_names: &[String]) -> ApiResult<()> {
    if caller.holds(Perm::FSSConnectAdmin) {
        return Ok(());
    }
    let held = caller.site.as_ref().map(|a| a.permissions()).unwrap_or_default();
    let beyond: Vec<&str> = permission_names.iter().map(String::as_str).filter(|p| !held.iter().any(|h| h == p)).collect();
    if beyond.is_empty() {
        Ok(())
    } else {
        Err(ApiError::forbidden(&format!("You cannot grant permissions you do not hold: {}", beyond.join(", "))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_limited_reach_covers_only_its_sites() {
        let r = Reach::Sites { admin: 7, sites: vec![1, 2] };
        assert!(r.covers_site(1) && !r.covers_site(3));
        assert_eq!(r.site_ids(), Some(&[1, 2][..]));
        assert!(Reach::Everything.covers_site(99));
        assert_eq!(Reach::Everything.site_ids(), None);
        assert_eq!((r.limited_to(), Reach::Everything.limited_to()), (Some(7), None));
    }
}
