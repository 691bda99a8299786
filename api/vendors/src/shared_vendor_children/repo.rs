//! SQL of the child records of a shared vendor (shared schema `asp`).

use chrono::NaiveDate;
use sqlx::PgConnection;

use kernel::listing::{self, Page, Search};

use super::model::{SharedVendorAccountContact, SharedVendorBrand, SharedVendorCommodity, SharedVendorCompetitorBrand, SharedVendorContact, SharedVendorGrade};
use crate::shared_vendors::repo::{delete_by_key, insert_child, update_by_key};

/// A page of one shared vendor's records: `base` selects them (without a `where`), `key` is the column naming their
/// shared vendor; `text_columns` contain `text` (case-insensitive) when there is one.
async fn search<T>(conn: &mut PgConnection, base: &str, key: &str, text_columns: &[&str], shared_vendor_id: i64, text: Option<&str>, page: &Page) -> Result<(Vec<T>, i64), sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>,
{
    let mut s = Search::new(base);
    s.and_bind(&format!("{key} = "), shared_vendor_id);
    if let Some(text) = text {
        s.and_contains(text_columns, text);
    }
    listing::fetch_built_page(conn, s.into_builder(), page).await
}

// The description of a provider-wide value of a list, for the rows' names.
macro_rules! type_description {
    ($list:literal, $column:literal) => {
        concat!(
            "(select t.description from asp.type_value t where t.type_code = '",
            $list,
            "' and t.value_id = ",
            $column,
            " and t.site_id is null and t.erp_type_id is null and t.ecs_id is null)"
        )
    };
}

// ---------------------------------------------------------------------------------------------------- contacts

pub async fn search_contacts(conn: &mut PgConnection, sv: i64, text: Option<&str>, page: &Page) -> Result<(Vec<SharedVendorContact>, i64), sqlx::Error> {
    let base = concat!(
        "select c.shared_vendor_contact_id, c.shared_vendor_id, c.contact_type_id, ",
        type_description!("SharedVendorContactType", "c.contact_type_id"),
        " as contact_type, c.contact_name, c.phone, c.phone_ext, c.email, c.notes, c.updated_at
         from asp.shared_vendor_contact c"
    );
    search(conn, base, "c.shared_vendor_id", &["c.contact_name", "c.email", "c.phone"], sv, text, page).await
}

pub async fn find_contact(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendorContact>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendorContact,
        r#"select c.shared_vendor_contact_id, c.shared_vendor_id, c.contact_type_id,
                  (select t.description from asp.type_value t where t.type_code = 'SharedVendorContactType' and t.value_id = c.contact_type_id
                     and t.site_id is null and t.erp_type_id is null and t.ecs_id is null) as contact_type,
                  c.contact_name, c.phone, c.phone_ext, c.email, c.notes, c.updated_at
           from asp.shared_vendor_contact c where c.shared_vendor_contact_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// A contact's fields as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Contact {
    pub contact_type_id: i32,
    pub contact_name: String,
    pub phone: Option<String>,
    pub phone_ext: Option<String>,
    pub email: Option<String>,
    pub notes: Option<String>,
}

insert_child!(insert_contact(Contact): "insert into asp.shared_vendor_contact (shared_vendor_id, contact_type_id, contact_name, phone, phone_ext, email, notes, updated_by_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning shared_vendor_contact_id",
    contact_type_id, contact_name, phone, phone_ext, email, notes);

update_by_key!(update_contact(Contact): "update asp.shared_vendor_contact set contact_type_id = $2, contact_name = $3, phone = $4, phone_ext = $5, email = $6, notes = $7,
             updated_by_id = $8, updated_at = now()
         where shared_vendor_contact_id = $1",
    contact_type_id, contact_name, phone, phone_ext, email, notes);

delete_by_key!(delete_contact: "delete from asp.shared_vendor_contact where shared_vendor_contact_id = $1");

// ---------------------------------------------------------------------------------------------------- brands

pub async fn search_brands(conn: &mut PgConnection, sv: i64, text: Option<&str>, page: &Page) -> Result<(Vec<SharedVendorBrand>, i64), sqlx::Error> {
    let base = "select x.shared_vendor_brand_id, x.shared_vendor_id, x.brand_id, b.brand_name, b.mfg_code, x.created_at
                from asp.shared_vendor_brand x join asp.brand b on b.brand_id = x.brand_id";
    search(conn, base, "x.shared_vendor_id", &["b.brand_name", "b.mfg_code"], sv, text, page).await
}

pub async fn find_brand(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendorBrand>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendorBrand,
        "select x.shared_vendor_brand_id, x.shared_vendor_id, x.brand_id, b.brand_name, b.mfg_code, x.created_at
         from asp.shared_vendor_brand x join asp.brand b on b.brand_id = x.brand_id where x.shared_vendor_brand_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn brand_active(conn: &mut PgConnection, brand_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.brand where brand_id = $1 and is_active) as "e!""#, brand_id).fetch_one(conn).await
}

pub async fn brand_taken(conn: &mut PgConnection, sv: i64, brand_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.shared_vendor_brand where shared_vendor_id = $1 and brand_id = $2) as "e!""#, sv, brand_id)
        .fetch_one(conn)
        .await
}

pub async fn insert_brand(conn: &mut PgConnection, sv: i64, brand_id: i64, user: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.shared_vendor_brand (shared_vendor_id, brand_id, created_by_id) values ($1, $2, $3) returning shared_vendor_brand_id",
        sv,
        brand_id,
        user
    )
    .fetch_one(conn)
    .await
}

delete_by_key!(delete_brand: "delete from asp.shared_vendor_brand where shared_vendor_brand_id = $1");

// ---------------------------------------------------------------------------------------------------- commodities

pub async fn search_commodities(conn: &mut PgConnection, sv: i64, text: Option<&str>, page: &Page) -> Result<(Vec<SharedVendorCommodity>, i64), sqlx::Error> {
    let base = "select x.shared_vendor_commodity_id, x.shared_vendor_id, x.commodity_code, c.description, x.created_at
                from asp.shared_vendor_commodity x join asp.commodity_code c on c.commodity_code = x.commodity_code";
    search(conn, base, "x.shared_vendor_id", &["x.commodity_code", "c.description"], sv, text, page).await
}

pub async fn find_commodity(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendorCommodity>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendorCommodity,
        "select x.shared_vendor_commodity_id, x.shared_vendor_id, x.commodity_code, c.description, x.created_at
         from asp.shared_vendor_commodity x join asp.commodity_code c on c.commodity_code = x.commodity_code where x.shared_vendor_commodity_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn commodity_active(conn: &mut PgConnection, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists(select 1 from asp.commodity_code where commodity_code = $1 and is_active) as "e!""#, code).fetch_one(conn).await
}

pub async fn commodity_taken(conn: &mut PgConnection, sv: i64, code: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.shared_vendor_commodity where shared_vendor_id = $1 and commodity_code = $2) as "e!""#,
        sv,
        code
    )
    .fetch_one(conn)
    .await
}

pub async fn insert_commodity(conn: &mut PgConnection, sv: i64, code: &str, user: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.shared_vendor_commodity (shared_vendor_id, commodity_code, created_by_id) values ($1, $2, $3) returning shared_vendor_commodity_id",
        sv,
        code,
        user
    )
    .fetch_one(conn)
    .await
}

delete_by_key!(delete_commodity: "delete from asp.shared_vendor_commodity where shared_vendor_commodity_id = $1");

// ---------------------------------------------------------------------------------------------------- grades

pub async fn search_grades(conn: &mut PgConnection, sv: i64, text: Option<&str>, page: &Page) -> Result<(Vec<SharedVendorGrade>, i64), sqlx::Error> {
    let base = concat!(
        "select * from (select g.shared_vendor_grade_id, g.shared_vendor_id, g.grade_category_id, ",
        type_description!("SharedVendorGradeCategory", "g.grade_category_id"),
        " as grade_category, g.grade_id, ",
        type_description!("SharedVendorGrade", "g.grade_id"),
        " as grade, g.graded_on, g.comments, g.updated_at from asp.shared_vendor_grade g) g"
    );
    search(conn, base, "g.shared_vendor_id", &["g.grade_category", "g.grade", "g.comments"], sv, text, page).await
}

pub async fn find_grade(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendorGrade>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendorGrade,
        r#"select g.shared_vendor_grade_id, g.shared_vendor_id, g.grade_category_id,
                  (select t.description from asp.type_value t where t.type_code = 'SharedVendorGradeCategory' and t.value_id = g.grade_category_id
                     and t.site_id is null and t.erp_type_id is null and t.ecs_id is null) as grade_category,
                  g.grade_id,
                  (select t.description from asp.type_value t where t.type_code = 'SharedVendorGrade' and t.value_id = g.grade_id
                     and t.site_id is null and t.erp_type_id is null and t.ecs_id is null) as grade,
                  g.graded_on, g.comments, g.updated_at
           from asp.shared_vendor_grade g where g.shared_vendor_grade_id = $1"#,
        id
    )
    .fetch_optional(conn)
    .await
}

/// The grade of `sv` in `category` other than `except`.
pub async fn grade_owner(conn: &mut PgConnection, sv: i64, category: i32, except: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!(
        "select shared_vendor_grade_id from asp.shared_vendor_grade where shared_vendor_id = $1 and grade_category_id = $2 and shared_vendor_grade_id <> $3",
        sv,
        category,
        except
    )
    .fetch_optional(conn)
    .await
}

/// A grade's fields as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Grade {
    pub grade_category_id: i32,
    pub grade_id: i32,
    pub graded_on: Option<NaiveDate>,
    pub comments: Option<String>,
}

insert_child!(insert_grade(Grade): "insert into asp.shared_vendor_grade (shared_vendor_id, grade_category_id, grade_id, graded_on, comments, updated_by_id)
         values ($1, $2, $3, $4, $5, $6) returning shared_vendor_grade_id",
    grade_category_id, grade_id, graded_on, comments);

update_by_key!(update_grade(Grade): "update asp.shared_vendor_grade set grade_category_id = $2, grade_id = $3, graded_on = $4, comments = $5, updated_by_id = $6, updated_at = now()
         where shared_vendor_grade_id = $1",
    grade_category_id, grade_id, graded_on, comments);

delete_by_key!(delete_grade: "delete from asp.shared_vendor_grade where shared_vendor_grade_id = $1");

// ---------------------------------------------------------------------------------------------------- competitor brands

pub async fn search_competitor_brands(conn: &mut PgConnection, sv: i64, text: Option<&str>, page: &Page) -> Result<(Vec<SharedVendorCompetitorBrand>, i64), sqlx::Error> {
    let base = "select x.shared_vendor_competitor_brand_id, x.shared_vendor_id, x.brand_name, x.notes, x.created_at
                from asp.shared_vendor_competitor_brand x";
    search(conn, base, "x.shared_vendor_id", &["x.brand_name", "x.notes"], sv, text, page).await
}

pub async fn find_competitor_brand(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendorCompetitorBrand>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendorCompetitorBrand,
        "select x.shared_vendor_competitor_brand_id, x.shared_vendor_id, x.brand_name, x.notes, x.created_at
         from asp.shared_vendor_competitor_brand x where x.shared_vendor_competitor_brand_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

pub async fn competitor_brand_taken(conn: &mut PgConnection, sv: i64, name: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from asp.shared_vendor_competitor_brand where shared_vendor_id = $1 and lower(brand_name) = lower($2)) as "e!""#,
        sv,
        name
    )
    .fetch_one(conn)
    .await
}

pub async fn insert_competitor_brand(conn: &mut PgConnection, sv: i64, name: &str, notes: Option<&str>, user: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        "insert into asp.shared_vendor_competitor_brand (shared_vendor_id, brand_name, notes, created_by_id) values ($1, $2, $3, $4)
         returning shared_vendor_competitor_brand_id",
        sv,
        name,
        notes,
        user
    )
    .fetch_one(conn)
    .await
}

delete_by_key!(delete_competitor_brand: "delete from asp.shared_vendor_competitor_brand where shared_vendor_competitor_brand_id = $1");

// ---------------------------------------------------------------------------------------------------- account contacts

pub async fn search_account_contacts(conn: &mut PgConnection, sv: i64, text: Option<&str>, page: &Page) -> Result<(Vec<SharedVendorAccountContact>, i64), sqlx::Error> {
    let base = "select x.shared_vendor_account_contact_id, x.shared_vendor_id, x.contact_name, x.role_title, x.phone, x.email, x.notes, x.updated_at
                from asp.shared_vendor_account_contact x";
    search(conn, base, "x.shared_vendor_id", &["x.contact_name", "x.role_title", "x.email"], sv, text, page).await
}

pub async fn find_account_contact(conn: &mut PgConnection, id: i64) -> Result<Option<SharedVendorAccountContact>, sqlx::Error> {
    sqlx::query_as!(
        SharedVendorAccountContact,
        "select x.shared_vendor_account_contact_id, x.shared_vendor_id, x.contact_name, x.role_title, x.phone, x.email, x.notes, x.updated_at
         from asp.shared_vendor_account_contact x where x.shared_vendor_account_contact_id = $1",
        id
    )
    .fetch_optional(conn)
    .await
}

/// An account contact's fields as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AccountContact {
    pub contact_name: String,
    pub role_title: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub notes: Option<String>,
}

insert_child!(insert_account_contact(AccountContact): "insert into asp.shared_vendor_account_contact (shared_vendor_id, contact_name, role_title, phone, email, notes, updated_by_id)
         values ($1, $2, $3, $4, $5, $6, $7) returning shared_vendor_account_contact_id",
    contact_name, role_title, phone, email, notes);

update_by_key!(update_account_contact(AccountContact): "update asp.shared_vendor_account_contact set contact_name = $2, role_title = $3, phone = $4, email = $5, notes = $6,
             updated_by_id = $7, updated_at = now()
         where shared_vendor_account_contact_id = $1",
    contact_name, role_title, phone, email, notes);

delete_by_key!(delete_account_contact: "delete from asp.shared_vendor_account_contact where shared_vendor_account_contact_id = $1");
