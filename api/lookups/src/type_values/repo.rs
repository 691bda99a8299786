//! SQL of the reference lists (shared schema `asp`).

use sqlx::PgConnection;

use super::model::TypeValue;

/// Which values of a list apply. A value limited to a site, an ERP type or an ecs applies only when the filter names
/// that same one; a value without a limit applies everywhere. `None` filters answer the values without that limit.
#[derive(Debug, Clone, Copy, Default)]
pub struct Applies {
    pub site_id: Option<i64>,
    pub erp_type_id: Option<i32>,
    pub ecs_id: Option<i64>,
    pub include_inactive: bool,
}

pub async fn values(conn: &mut PgConnection, type_code: &str, a: Applies) -> Result<Vec<TypeValue>, sqlx::Error> {
    sqlx::query_as!(
        TypeValue,
        r#"select v.type_code as "type_id!", v.value_id::bigint as "value_id!", v.code, v.description, v.description2, v.is_active
           from asp.type_value v
           where v.type_code = $1 and (v.is_active or $2)
             and (v.site_id is null or v.site_id = $3)
             and (v.erp_type_id is null or v.erp_type_id = $4)
             and (v.ecs_id is null or v.ecs_id = $5)
           order by v.sort_order, v.description, v.value_id"#,
        type_code,
        a.include_inactive,
        a.site_id,
        a.erp_type_id,
        a.ecs_id
    )
    .fetch_all(conn)
    .await
}

/// Active values without a site, ERP type or ecs limit of every list whose code starts with `prefix`, list by list.
pub async fn values_of_lists(conn: &mut PgConnection, prefix: &str) -> Result<Vec<TypeValue>, sqlx::Error> {
    sqlx::query_as!(
        TypeValue,
        r#"select v.type_code as "type_id!", v.value_id::bigint as "value_id!", v.code, v.description, v.description2, v.is_active
           from asp.type_value v
           where v.type_code like $1 || '%' and v.is_active and v.site_id is null and v.erp_type_id is null and v.ecs_id is null
           order by v.type_code, v.sort_order, v.description, v.value_id"#,
        prefix
    )
    .fetch_all(conn)
    .await
}

/// Active 'Pack' values whose code starts with `prefix` (`by_code`) or whose description contains `pattern`.
pub async fn packs(conn: &mut PgConnection, code_prefix: Option<&str>, description_pattern: Option<&str>) -> Result<Vec<TypeValue>, sqlx::Error> {
    sqlx::query_as!(
        TypeValue,
        r#"select v.type_code as "type_id!", v.value_id::bigint as "value_id!", v.code, v.description, v.description2, v.is_active
           from asp.type_value v
           where v.type_code = 'Pack' and v.is_active and v.site_id is null and v.erp_type_id is null and v.ecs_id is null
             and ($1::text is null or upper(v.code) like upper($1) || '%')
             and ($2::text is null or v.description ilike $2)
           order by v.sort_order, v.description, v.value_id"#,
        code_prefix,
        description_pattern
    )
    .fetch_all(conn)
    .await
}

/// Is `erp_type_id` one of the 'ERPType' values?
pub async fn erp_type_exists(conn: &mut PgConnection, erp_type_id: i32) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"select exists (select 1 from asp.type_value where type_code = 'ERPType' and value_id = $1) as "e!""#, erp_type_id)
        .fetch_one(conn)
        .await
}

/// The ERP type of a site.
pub async fn site_erp_type(conn: &mut PgConnection, site_id: i64) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar!("select erp_type_id from asp.site where site_id = $1", site_id).fetch_optional(conn).await
}

/// Clients, `None`: every active one; else those of these sites.
pub async fn clients(conn: &mut PgConnection, site_ids: Option<&[i64]>) -> Result<Vec<TypeValue>, sqlx::Error> {
    sqlx::query_as!(
        TypeValue,
        r#"select 'Client' as "type_id!", c.client_id as "value_id!", c.client_code as code, c.client_name as description,
                  null::text as description2, c.is_active
           from asp.client c
           where c.is_active and ($1::bigint[] is null or exists (select 1 from asp.site s where s.client_id = c.client_id and s.site_id = any($1)))
           order by c.client_name, c.client_id"#,
        site_ids
    )
    .fetch_all(conn)
    .await
}

/// The ERP companies of a client's active sites, one per company and ERP type: valueID is the ERP type, code the
/// company as records store it, description2 the ERP type's name.
pub async fn companies(conn: &mut PgConnection, client_id: i64) -> Result<Vec<TypeValue>, sqlx::Error> {
    sqlx::query_as!(
        TypeValue,
        r#"select distinct 'Company' as "type_id!", s.erp_type_id::bigint as "value_id!", s.erp_company as code,
                  s.erp_company as "description!", e.description as "description2?", true as "is_active!"
           from asp.site s
           left join asp.type_value e on e.type_code = 'ERPType' and e.value_id = s.erp_type_id
           where s.client_id = $1 and s.is_active and s.erp_company is not null
           order by 4, 2"#,
        client_id
    )
    .fetch_all(conn)
    .await
}

/// The active historic price methods a site offers.
pub async fn historic_methods_of_site(conn: &mut PgConnection, site_id: i64) -> Result<Vec<TypeValue>, sqlx::Error> {
    sqlx::query_as!(
        TypeValue,
        r#"select v.type_code as "type_id!", v.value_id::bigint as "value_id!", v.code, v.description, v.description2, v.is_active
           from asp.type_historic_pricing_method_site l join asp.type_value v using (type_value_id)
           where l.site_id = $1 and v.is_active
           order by v.sort_order, v.description, v.value_id"#,
        site_id
    )
    .fetch_all(conn)
    .await
}
