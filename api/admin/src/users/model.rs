//! Wire types of the users resource: the console's record and input, the search filters, and the spec's user
//! search request and answer.

use chrono::{DateTime, Utc};
use poem_openapi::types::MaybeUndefined;
use poem_openapi::Object;
use serde::Serialize;
use sqlx::FromRow;

use kernel::error::ApiError;
use kernel::listing::{Criteria, PageRequest, SortSpec};

/// Sortable fields (API name, output column of the search): the spec's `sortField` names and the record's own.
pub const SORT: SortSpec = SortSpec {
    fields: &[
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
    ],
    default_field: "user_id",
    default_descending: false,
};

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

/// One `asp.asp_users` row as the searches select it (the access rows are read separately).
#[derive(Debug, FromRow)]
pub struct UserRow {
    pub id: i64,
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
    pub password_expiration_date: Option<DateTime<Utc>>,
}

impl UserRow {
    pub fn into_record(self, site_ids: Vec<i64>, roles: Vec<RoleGrant>) -> UserRecord {
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
    #[oai(validator(max_length = 100))]
    pub user_id: Option<String>,
    #[oai(validator(max_length = 100))]
    pub fname: Option<String>,
    #[oai(validator(max_length = 100))]
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

/// The shared paging fields plus the spec's user-search filters (spec 4 section 3).
#[derive(Debug, Clone, Default, Object)]
pub struct UserSearchRequest {
    #[oai(flatten)]
    pub page: PageRequest,
    /// Case-insensitive part of the sign-in name.
    pub username: Option<String>,
    /// Case-insensitive part of the first name.
    pub fname: Option<String>,
    /// Case-insensitive part of the last name.
    pub lname: Option<String>,
    /// Case-insensitive part of the email address.
    pub email: Option<String>,
    #[oai(rename = "isActive")]
    pub is_active: Option<bool>,
    /// Provider employees (fss_employee).
    #[oai(rename = "isEmployee")]
    pub is_employee: Option<bool>,
    #[oai(rename = "isCustomerPortalUser")]
    pub is_customer_portal_user: Option<bool>,
    /// Users who may use the site with this code.
    #[oai(rename = "hasAccessToSiteCode")]
    pub has_access_to_site_code: Option<String>,
    /// Users who may use the site with this id.
    #[oai(rename = "hasAccessToSiteId")]
    pub has_access_to_site_id: Option<i64>,
}

impl UserSearchRequest {
    /// The adapter-neutral search: paging, `sortField` and `sortDirection` checked by the shared list rules (400s
    /// with `invalidPageSize`, `invalidSortField`, `invalidSortDirection`), capped at 5000 matching rows.
    pub fn criteria(&self) -> Result<Criteria<UserFilters>, ApiError> {
        self.page.criteria(
            &SORT,
            UserFilters {
                username: self.username.clone(),
                fname: self.fname.clone(),
                lname: self.lname.clone(),
                email: self.email.clone(),
                is_active: self.is_active,
                is_employee: self.is_employee,
                is_customer_portal_user: self.is_customer_portal_user,
                has_access_to_site_code: self.has_access_to_site_code.clone(),
                has_access_to_site_id: self.has_access_to_site_id,
            },
        )
    }
}

/// One user in the search result.
#[derive(Debug, Clone, Object)]
pub struct UserSearchRow {
    pub asp_users_id: i64,
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
    pub password_expiration_date: Option<DateTime<Utc>>,
}

impl From<UserRecord> for UserSearchRow {
    fn from(u: UserRecord) -> Self {
        Self {
            asp_users_id: u.id,
            user_id: u.user_id,
            fname: u.fname,
            lname: u.lname,
            email: u.email,
            is_active: u.is_active,
            is_locked: u.is_locked,
            fss_employee: u.fss_employee,
            supplier_portal_user: u.supplier_portal_user,
            customer_portal_user: u.customer_portal_user,
            is_punchin_user: u.is_punchin_user,
            password_expiration_date: u.password_expiration_date,
        }
    }
}

kernel::page_type!(UserSearchPage, UserSearchRow, "resultList");

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::listing::ROW_CAP;

    fn req(page: Option<i64>, size: Option<i64>, field: Option<&str>, dir: Option<&str>) -> UserSearchRequest {
        UserSearchRequest {
            page: PageRequest { page_number: page, page_index: None, page_size: size, sort_field: field.map(Into::into), sort_direction: dir.map(Into::into) },
            ..Default::default()
        }
    }

    #[test]
    fn paging_and_sorting_follow_the_shared_rules() {
        let c = req(None, None, None, None).criteria().expect("valid");
        assert_eq!((c.page.offset, c.page.limit, c.page.sort, c.page.descending, c.page.cap), (0, 10, "user_id", false, Some(ROW_CAP)));
        let c = req(Some(2), Some(20), Some("lname"), Some("DESC")).criteria().expect("valid");
        assert_eq!((c.page.offset, c.page.limit, c.page.sort, c.page.descending), (40, 20, "lname", true));
        let c = req(None, None, Some("isActive"), None).criteria().expect("valid");
        assert_eq!(c.page.sort, "is_active");
        for bad in ["password_hash", "user_id desc; drop table asp.asp_users", "u.user_id"] {
            let e = req(None, None, Some(bad), None).criteria().expect_err("refused");
            assert_eq!(e.status(), 400);
        }
        assert_eq!(req(None, Some(15), None, None).criteria().err().map(|e| e.status()), Some(400));
        assert_eq!(req(None, None, None, Some("up")).criteria().err().map(|e| e.status()), Some(400));
    }
}
