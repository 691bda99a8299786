//! The spec's paged user search (`POST /api/V1/User/Search/`, operationId userPostSearch) over the users service.

use api_macros::guarded;
use chrono::{DateTime, Utc};
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use kernel::criteria::Criteria;
use crate::users::{self, UserFilters, UserRecord};
use kernel::error::ApiResult;
use kernel::listing::{PageRequest, SortSpec, ROW_CAP};
use kernel::ApiTags;
use kernel::state::AppState;

/// `sortField` values of the user search (the spec's names and the record's own).
pub const SORT: SortSpec = SortSpec { fields: users::SORTS, default_field: users::DEFAULT_SORT, default_descending: false };

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

impl UserSearchRequest {
    /// The adapter-neutral search: paging, `sortField` and `sortDirection` checked by the shared list rules (400s
    /// with `invalidPageSize`, `invalidSortField`, `invalidSortDirection`), capped at 5000 matching rows.
    pub fn criteria(&self) -> Result<Criteria<UserFilters>, kernel::error::ApiError> {
        let page = self.page.resolve(&SORT)?;
        let sort = Criteria::<UserFilters>::sort_from(SORT.fields, self.page.sort_field.as_deref(), SORT.default_field, "sortField")?;
        let descending = self.page.sort_direction.as_deref().is_some_and(|d| d.eq_ignore_ascii_case("desc"));
        Ok(Criteria {
            q: None,
            ids: None,
            sort,
            descending,
            offset: page.offset,
            limit: page.limit,
            cap: Some(ROW_CAP),
            filters: UserFilters {
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
        })
    }
}

pub struct UserSearchApi;

#[guarded]
#[OpenApi(prefix_path = "/V1/User", tag = "ApiTags::Console")]
impl UserSearchApi {
    /// Search users
    ///
    /// Paged (`pageNumber` zero-based, or `pageIndex`; `pageSize` 10, 20, 50, 100, 200 or 500, default 10),
    /// sorted by an allowed `sortField` (default `user_id`) in `sortDirection` `asc`/`desc`; filters `username`,
    /// `fname`, `lname`, `email` (case-insensitive parts), `isActive`, `isEmployee`, `isCustomerPortalUser`,
    /// `hasAccessToSiteCode`, `hasAccessToSiteId`. Answers `{resultList, totalCount, limited, limitMessage}`;
    /// searches stop at 5000 matching rows.
    #[requires(FSSConnectAdmin, UserAdminInternal, SuperUserAdmin)]
    #[oai(path = "/Search/", method = "post", operation_id = "userPostSearch")]
    async fn search(&self, state: Data<&AppState>, body: Json<UserSearchRequest>) -> ApiResult<Json<UserSearchPage>> {
        let c = body.criteria()?;
        let (rows, total) = users::search(&state.pool, &c).await?;
        Ok(Json(UserSearchPage::new(rows.into_iter().map(UserSearchRow::from).collect(), total)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(page: Option<i64>, size: Option<i64>, field: Option<&str>, dir: Option<&str>) -> UserSearchRequest {
        UserSearchRequest {
            page: PageRequest { page_number: page, page_index: None, page_size: size, sort_field: field.map(Into::into), sort_direction: dir.map(Into::into) },
            ..Default::default()
        }
    }

    #[test]
    fn paging_and_sorting_follow_the_shared_rules() {
        let c = req(None, None, None, None).criteria().expect("valid");
        assert_eq!((c.offset, c.limit, c.sort, c.descending, c.cap), (0, 10, "user_id", false, Some(ROW_CAP)));
        let c = req(Some(2), Some(20), Some("lname"), Some("DESC")).criteria().expect("valid");
        assert_eq!((c.offset, c.limit, c.sort, c.descending), (40, 20, "lname", true));
        let c = req(None, None, Some("isActive"), None).criteria().expect("valid");
        assert_eq!(c.sort, "is_active");
        for bad in ["password_hash", "user_id desc; drop table asp.asp_users", "u.user_id"] {
            let e = req(None, None, Some(bad), None).criteria().expect_err("refused");
            assert_eq!(e.status(), 400);
        }
        assert_eq!(req(None, Some(15), None, None).criteria().err().map(|e| e.status()), Some(400));
        assert_eq!(req(None, None, None, Some("up")).criteria().err().map(|e| e.status()), Some(400));
    }
}
