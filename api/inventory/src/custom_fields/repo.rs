//! SQL of custom fields. Functions take the tenant transaction, so they cannot run without a granted scope.

use kernel::listing::{fetch_built_page, Page, Search};
use tenancy::TenantTx;

use super::model::{CidCustomRow, CipCustomRow, CustomFieldDefinition, CustomFieldValuePossible, EntityType};

/// Column of slot `n` (1-20): the only way a custom column's name reaches SQL text.
const COLUMNS: [&str; 20] = [
    "custom1", "custom2", "custom3", "custom4", "custom5", "custom6", "custom7", "custom8", "custom9", "custom10", "custom11", "custom12",
    "custom13", "custom14", "custom15", "custom16", "custom17", "custom18", "custom19", "custom20",
];

fn column(field_no: i32) -> Option<&'static str> {
    usize::try_from(field_no).ok().and_then(|n| n.checked_sub(1)).and_then(|i| COLUMNS.get(i)).copied()
}

pub async fn definitions(tx: &mut TenantTx, site_id: i64, entity: EntityType) -> Result<Vec<CustomFieldDefinition>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldDefinition,
        "select custom_field_definition_id, site_id, entity_type, field_no, label, field_type, is_required, is_visible, max_length
         from custom_field_definition where site_id = $1 and entity_type = $2 order by field_no",
        site_id,
        entity.as_str()
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn find_definition(tx: &mut TenantTx, id: i64) -> Result<Option<CustomFieldDefinition>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldDefinition,
        "select custom_field_definition_id, site_id, entity_type, field_no, label, field_type, is_required, is_visible, max_length
         from custom_field_definition where custom_field_definition_id = $1",
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn label_taken(tx: &mut TenantTx, site_id: i64, entity: EntityType, label: &str, except_id: Option<i64>) -> Result<bool, sqlx::Error> {
    let found = sqlx::query_scalar!(
        r#"select exists (select 1 from custom_field_definition where site_id = $1 and entity_type = $2 and lower(label) = lower($3)
           and custom_field_definition_id is distinct from $4) as "found!""#,
        site_id,
        entity.as_str(),
        label,
        except_id
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok(found)
}

pub struct DefinitionFields<'a> {
    pub label: &'a str,
    pub field_type: &'a str,
    pub is_required: bool,
    pub is_visible: bool,
    pub max_length: Option<i32>,
}

pub async fn insert_definition(tx: &mut TenantTx, site_id: i64, entity: EntityType, field_no: i32, f: &DefinitionFields<'_>) -> Result<CustomFieldDefinition, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldDefinition,
        "insert into custom_field_definition (site_id, entity_type, field_no, label, field_type, is_required, is_visible, max_length)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         returning custom_field_definition_id, site_id, entity_type, field_no, label, field_type, is_required, is_visible, max_length",
        site_id,
        entity.as_str(),
        field_no,
        f.label,
        f.field_type,
        f.is_required,
        f.is_visible,
        f.max_length
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_definition(tx: &mut TenantTx, id: i64, f: &DefinitionFields<'_>) -> Result<Option<CustomFieldDefinition>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldDefinition,
        "update custom_field_definition set label = $2, field_type = $3, is_required = $4, is_visible = $5, max_length = $6, updated_at = now()
         where custom_field_definition_id = $1
         returning custom_field_definition_id, site_id, entity_type, field_no, label, field_type, is_required, is_visible, max_length",
        id,
        f.label,
        f.field_type,
        f.is_required,
        f.is_visible,
        f.max_length
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The distinct values the site's records hold in slot `field_no` (at most `limit`).
pub async fn stored_values(tx: &mut TenantTx, site_id: i64, entity: EntityType, field_no: i32, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    match entity {
        EntityType::CID => {
            sqlx::query_scalar!(
                r#"select distinct v as "v!" from (select (array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10,
                    custom11, custom12, custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20])[$2] as v
                    from cid where site_id = $1 and merged_into_cid_no is null) x where v is not null limit $3"#,
                site_id,
                field_no,
                limit
            )
            .fetch_all(&mut **tx)
            .await
        }
        EntityType::CIP => {
            sqlx::query_scalar!(
                r#"select distinct v as "v!" from (select (array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10,
                    custom11, custom12, custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20])[$2] as v
                    from cip where site_id = $1) x where v is not null limit $3"#,
                site_id,
                field_no,
                limit
            )
            .fetch_all(&mut **tx)
            .await
        }
    }
}

/// Renames a stored value in every record of the site (a possible value was renamed). Returns the rows changed.
pub async fn rename_stored(tx: &mut TenantTx, site_id: i64, entity: EntityType, field_no: i32, from: &str, to: &str) -> Result<u64, sqlx::Error> {
    let Some(col) = column(field_no) else { return Ok(0) };
    let table = match entity {
        EntityType::CID => "cid",
        EntityType::CIP => "cip",
    };
    let sql = format!("update {table} set {col} = $3, updated_at = now() where site_id = $1 and lower({col}) = lower($2)");
    Ok(sqlx::query(&sql).bind(site_id).bind(from).bind(to).execute(&mut **tx).await?.rows_affected())
}

pub async fn possible_values_of_site(tx: &mut TenantTx, site_id: i64, entity: EntityType) -> Result<Vec<CustomFieldValuePossible>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldValuePossible,
        "select p.custom_field_value_possible_id, p.custom_field_definition_id, p.site_id, p.custom_field_value, p.description, p.is_visible
         from custom_field_value_possible p join custom_field_definition d using (custom_field_definition_id)
         where d.site_id = $1 and d.entity_type = $2 order by p.custom_field_definition_id, lower(p.custom_field_value)",
        site_id,
        entity.as_str()
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn possible_values_of(tx: &mut TenantTx, definition_id: i64) -> Result<Vec<CustomFieldValuePossible>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldValuePossible,
        "select custom_field_value_possible_id, custom_field_definition_id, site_id, custom_field_value, description, is_visible
         from custom_field_value_possible where custom_field_definition_id = $1 order by lower(custom_field_value)",
        definition_id
    )
    .fetch_all(&mut **tx)
    .await
}

/// A page of one field's possible values (hidden ones only with `show_hidden`).
pub async fn search_possible(tx: &mut TenantTx, definition_id: i64, show_hidden: bool, page: &Page) -> Result<(Vec<CustomFieldValuePossible>, i64), sqlx::Error> {
    let mut s = Search::new(
        "select custom_field_value_possible_id, custom_field_definition_id, site_id, custom_field_value, description, is_visible
         from custom_field_value_possible",
    );
    s.and_bind("custom_field_definition_id = ", definition_id);
    if !show_hidden {
        s.and().push("is_visible");
    }
    fetch_built_page(tx, s.into_builder(), page).await
}

pub async fn find_possible(tx: &mut TenantTx, id: i64) -> Result<Option<CustomFieldValuePossible>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldValuePossible,
        "select custom_field_value_possible_id, custom_field_definition_id, site_id, custom_field_value, description, is_visible
         from custom_field_value_possible where custom_field_value_possible_id = $1",
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn find_possible_many(tx: &mut TenantTx, ids: &[i64]) -> Result<Vec<CustomFieldValuePossible>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldValuePossible,
        "select custom_field_value_possible_id, custom_field_definition_id, site_id, custom_field_value, description, is_visible
         from custom_field_value_possible where custom_field_value_possible_id = any($1) order by custom_field_value_possible_id",
        ids
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn possible_value_taken(tx: &mut TenantTx, definition_id: i64, value: &str, except_id: Option<i64>) -> Result<bool, sqlx::Error> {
    let found = sqlx::query_scalar!(
        r#"select exists (select 1 from custom_field_value_possible where custom_field_definition_id = $1
           and lower(custom_field_value) = lower($2) and custom_field_value_possible_id is distinct from $3) as "found!""#,
        definition_id,
        value,
        except_id
    )
    .fetch_one(&mut **tx)
    .await?;
    Ok(found)
}

pub async fn insert_possible(tx: &mut TenantTx, site_id: i64, definition_id: i64, value: &str, description: Option<&str>, is_visible: bool) -> Result<CustomFieldValuePossible, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldValuePossible,
        "insert into custom_field_value_possible (site_id, custom_field_definition_id, custom_field_value, description, is_visible)
         values ($1, $2, $3, $4, $5)
         returning custom_field_value_possible_id, custom_field_definition_id, site_id, custom_field_value, description, is_visible",
        site_id,
        definition_id,
        value,
        description,
        is_visible
    )
    .fetch_one(&mut **tx)
    .await
}

pub async fn update_possible(tx: &mut TenantTx, id: i64, value: &str, description: Option<&str>, is_visible: bool) -> Result<Option<CustomFieldValuePossible>, sqlx::Error> {
    sqlx::query_as!(
        CustomFieldValuePossible,
        "update custom_field_value_possible set custom_field_value = $2, description = $3, is_visible = $4, updated_at = now()
         where custom_field_value_possible_id = $1
         returning custom_field_value_possible_id, custom_field_definition_id, site_id, custom_field_value, description, is_visible",
        id,
        value,
        description,
        is_visible
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn set_possible_visibility(tx: &mut TenantTx, ids: &[i64], is_visible: bool) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "update custom_field_value_possible set is_visible = $2, updated_at = now() where custom_field_value_possible_id = any($1) and is_visible <> $2",
        ids,
        is_visible
    )
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

pub async fn cid_values(tx: &mut TenantTx, cid_no: i64) -> Result<Option<CidCustomRow>, sqlx::Error> {
    sqlx::query_as!(
        CidCustomRow,
        r#"select cid_no, site_id, cust_item_code, merged_into_cid_no,
           array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10, custom11, custom12,
                 custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20] as "values!: Vec<Option<String>>"
           from cid where cid_no = $1"#,
        cid_no
    )
    .fetch_optional(&mut **tx)
    .await
}

/// The CIDs of the site whose customer part is one of `codes_lower` (lower case), not merged.
pub async fn cid_values_by_codes(tx: &mut TenantTx, site_id: i64, codes_lower: &[String]) -> Result<Vec<CidCustomRow>, sqlx::Error> {
    sqlx::query_as!(
        CidCustomRow,
        r#"select cid_no, site_id, cust_item_code, merged_into_cid_no,
           array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10, custom11, custom12,
                 custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20] as "values!: Vec<Option<String>>"
           from cid where site_id = $1 and lower(cust_item_code) = any($2) and merged_into_cid_no is null"#,
        site_id,
        codes_lower
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn cid_values_by_nos(tx: &mut TenantTx, site_id: i64, nos: &[i64]) -> Result<Vec<CidCustomRow>, sqlx::Error> {
    sqlx::query_as!(
        CidCustomRow,
        r#"select cid_no, site_id, cust_item_code, merged_into_cid_no,
           array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10, custom11, custom12,
                 custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20] as "values!: Vec<Option<String>>"
           from cid where site_id = $1 and cid_no = any($2) and merged_into_cid_no is null"#,
        site_id,
        nos
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn set_cid_values(tx: &mut TenantTx, cid_no: i64, values: &[Option<String>]) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "update cid set custom1 = ($2::text[])[1], custom2 = $2[2], custom3 = $2[3], custom4 = $2[4], custom5 = $2[5], custom6 = $2[6], custom7 = $2[7],
             custom8 = $2[8], custom9 = $2[9], custom10 = $2[10], custom11 = $2[11], custom12 = $2[12], custom13 = $2[13], custom14 = $2[14],
             custom15 = $2[15], custom16 = $2[16], custom17 = $2[17], custom18 = $2[18], custom19 = $2[19], custom20 = $2[20], updated_at = now()
         where cid_no = $1",
        cid_no,
        values as &[Option<String>]
    )
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

pub async fn cip_values(tx: &mut TenantTx, cip_no: i64) -> Result<Option<CipCustomRow>, sqlx::Error> {
    sqlx::query_as!(
        CipCustomRow,
        r#"select cip_no, site_id, cid_no, cip_code,
           array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10, custom11, custom12,
                 custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20] as "values!: Vec<Option<String>>"
           from cip where cip_no = $1"#,
        cip_no
    )
    .fetch_optional(&mut **tx)
    .await
}

pub async fn cip_values_by_codes(tx: &mut TenantTx, site_id: i64, codes_lower: &[String]) -> Result<Vec<CipCustomRow>, sqlx::Error> {
    sqlx::query_as!(
        CipCustomRow,
        r#"select cip_no, site_id, cid_no, cip_code,
           array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10, custom11, custom12,
                 custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20] as "values!: Vec<Option<String>>"
           from cip where site_id = $1 and lower(cip_code) = any($2)"#,
        site_id,
        codes_lower
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn cip_values_by_nos(tx: &mut TenantTx, site_id: i64, nos: &[i64]) -> Result<Vec<CipCustomRow>, sqlx::Error> {
    sqlx::query_as!(
        CipCustomRow,
        r#"select cip_no, site_id, cid_no, cip_code,
           array[custom1, custom2, custom3, custom4, custom5, custom6, custom7, custom8, custom9, custom10, custom11, custom12,
                 custom13, custom14, custom15, custom16, custom17, custom18, custom19, custom20] as "values!: Vec<Option<String>>"
           from cip where site_id = $1 and cip_no = any($2)"#,
        site_id,
        nos
    )
    .fetch_all(&mut **tx)
    .await
}

pub async fn set_cip_values(tx: &mut TenantTx, cip_no: i64, values: &[Option<String>]) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!(
        "update cip set custom1 = ($2::text[])[1], custom2 = $2[2], custom3 = $2[3], custom4 = $2[4], custom5 = $2[5], custom6 = $2[6], custom7 = $2[7],
             custom8 = $2[8], custom9 = $2[9], custom10 = $2[10], custom11 = $2[11], custom12 = $2[12], custom13 = $2[13], custom14 = $2[14],
             custom15 = $2[15], custom16 = $2[16], custom17 = $2[17], custom18 = $2[18], custom19 = $2[19], custom20 = $2[20], updated_at = now()
         where cip_no = $1",
        cip_no,
        values as &[Option<String>]
    )
    .execute(&mut **tx)
    .await?
    .rows_affected())
}
