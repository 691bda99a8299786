//! Addresses: the shell's one tenant record (the Address Information pop-up). Site-scoped business data in the
//! client's schema, reached only through a granted [`tenancy::SiteScope`].

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use serde_json::json;
use sqlx::FromRow;
use tenancy::{SiteScope, TenantTx};

use kernel::access::Caller;
use kernel::audit::{self, AuditEntry};
use kernel::error::{ApiError, ApiResult, ValidationError};
use kernel::ApiTags;
use kernel::records;
use kernel::Perm;
use kernel::state::AppState;

#[derive(Object, FromRow, Clone, Debug)]
pub struct Address {
    pub address_id: i64,
    pub site_id: i64,
    pub ship_to_name: String,
    pub address1: String,
    pub address2: Option<String>,
    pub address3: Option<String>,
    pub address4: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub country: String,
    pub contact_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub fax: Option<String>,
}

#[derive(Object, Clone)]
pub struct AddressInput {
    /// Required for PUT.
    pub address_id: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub ship_to_name: String,
    #[oai(validator(max_length = 200))]
    pub address1: String,
    #[oai(validator(max_length = 200))]
    pub address2: Option<String>,
    #[oai(validator(max_length = 200))]
    pub address3: Option<String>,
    #[oai(validator(max_length = 200))]
    pub address4: Option<String>,
    #[oai(validator(max_length = 100))]
    pub city: String,
    #[oai(validator(max_length = 50))]
    pub state: String,
    #[oai(validator(max_length = 20))]
    pub postal_code: String,
    #[oai(validator(max_length = 60))]
    pub country: Option<String>,
    #[oai(validator(max_length = 200))]
    pub contact_name: Option<String>,
    #[oai(validator(max_length = 200))]
    pub email: Option<String>,
    #[oai(validator(max_length = 50))]
    pub phone: Option<String>,
    #[oai(validator(max_length = 50))]
    pub fax: Option<String>,
}

const COLUMNS: &str = "address_id, site_id, ship_to_name, address1, address2, address3, address4, city, state, postal_code, country, contact_name, email, phone, fax";

fn validate(input: &AddressInput) -> Vec<ValidationError> {
    let mut errors = Vec::new();
    for (value, field, label) in [(&input.ship_to_name, "ship_to_name", "Ship To Name"), (&input.address1, "address1", "Address 1"), (&input.city, "city", "City")] {
        if value.trim().is_empty() {
            errors.push(ValidationError::new(field, "required", &format!("Please enter a valid value for {label}")));
        }
    }
    if let Some(email) = input.email.as_deref().filter(|e| !e.is_empty()) {
        if !email.contains('@') {
            errors.push(ValidationError::new("email", "invalid", "Please enter a valid value for Email"));
        }
    }
    errors
}

// Repository: every function takes the tenant transaction, so it cannot run without a granted scope.
async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<Address>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from address where address_id = $1")).bind(id).fetch_optional(&mut **tx).await
}

async fn insert(tx: &mut TenantTx, a: &AddressInput) -> Result<Address, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_as(&format!(
        "insert into address (site_id, ship_to_name, address1, address2, address3, address4, city, state, postal_code, country, contact_name, email, phone, fax)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, 'US'), $11, $12, $13, $14) returning {COLUMNS}"
    ))
    .bind(site_id)
    .bind(&a.ship_to_name)
    .bind(&a.address1)
    .bind(&a.address2)
    .bind(&a.address3)
    .bind(&a.address4)
    .bind(&a.city)
    .bind(&a.state)
    .bind(&a.postal_code)
    .bind(&a.country)
    .bind(&a.contact_name)
    .bind(&a.email)
    .bind(&a.phone)
    .bind(&a.fax)
    .fetch_one(&mut **tx)
    .await
}

async fn update(tx: &mut TenantTx, id: i64, a: &AddressInput) -> Result<Option<Address>, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_as(&format!(
        "update address set ship_to_name = $3, address1 = $4, address2 = $5, address3 = $6, address4 = $7, city = $8, state = $9,
             postal_code = $10, country = coalesce($11, country), contact_name = $12, email = $13, phone = $14, fax = $15, updated_at = now()
         where address_id = $1 and site_id = $2 returning {COLUMNS}"
    ))
    .bind(id)
    .bind(site_id)
    .bind(&a.ship_to_name)
    .bind(&a.address1)
    .bind(&a.address2)
    .bind(&a.address3)
    .bind(&a.address4)
    .bind(&a.city)
    .bind(&a.state)
    .bind(&a.postal_code)
    .bind(&a.country)
    .bind(&a.contact_name)
    .bind(&a.email)
    .bind(&a.phone)
    .bind(&a.fax)
    .fetch_optional(&mut **tx)
    .await
}

const NOT_FOUND: &str = "The address you are trying to find does not exist.";

/// Loads an address of the caller's client that the caller may see (docs/architecture.md, object-level checks).
async fn load_visible(state: &AppState, caller: &Caller, scope: &SiteScope, id: i64, perms: &[Perm]) -> ApiResult<(SiteScope, Address)> {
    records::load_visible(state, caller, scope, perms, NOT_FOUND, |tx| Box::pin(find(tx, id))).await
}

impl records::SiteRecord for Address {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

const READ: &[Perm] = &[Perm::BasicAccess];
const WRITE: &[Perm] = &[Perm::BasicAccess];

pub struct AddressApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Shell")]
impl AddressApi {
    /// Address by id
    ///
    /// Records of other clients, or of sites the caller may not use, answer 404.
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Address/:id", method = "get", operation_id = "addressGetById")]
    async fn get(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, id: Path<i64>) -> ApiResult<Json<Address>> {
        let (_, address) = load_visible(&state, &caller, &scope, id.0, READ).await?;
        Ok(Json(address))
    }

    /// Create an address at the current site
    #[requires(BasicAccess)]
    #[oai(path = "/Address", method = "post", operation_id = "addressPost")]
    async fn create(&self, state: Data<&AppState>, caller: Data<&Caller>, scope: Data<&SiteScope>, body: Json<AddressInput>) -> ApiResult<Json<Address>> {
        let errors = validate(&body);
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        let mut tx = scope.begin(&state.pool).await?;
        let created = insert(&mut tx, &body).await?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry { action: "address.create", entity: "address", entity_id: created.address_id.to_string(), client_id: Some(scope.client_id()), site_id: Some(scope.site_id()), changes: json!({"ship_to_name": created.ship_to_name}) },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(created))
    }

    /// Update an address
    ///
    /// The address must be visible to the caller (404 otherwise).
    #[requires(BasicAccess, errors(404))]
    #[oai(path = "/Address", method = "put", operation_id = "addressPut")]
    async fn update(&self, state: Data<&AppState>, caller: Data<&Caller>, current: Data<&SiteScope>, body: Json<AddressInput>) -> ApiResult<Json<Address>> {
        let Some(id) = body.address_id else {
            return Err(ApiError::invalid("address_id", "required", "Please enter a valid value for Address Id"));
        };
        let errors = validate(&body);
        if !errors.is_empty() {
            return Err(ApiError::validation(errors));
        }
        let (scope, before) = load_visible(&state, &caller, &current, id, WRITE).await?;
        let mut tx = scope.begin(&state.pool).await?;
        let after = update(&mut tx, id, &body).await?.ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
        audit::record(
            &mut tx,
            Some(&caller),
            AuditEntry {
                action: "address.update",
                entity: "address",
                entity_id: id.to_string(),
                client_id: Some(scope.client_id()),
                site_id: Some(scope.site_id()),
                changes: json!({"before": {"ship_to_name": before.ship_to_name, "address1": before.address1, "city": before.city}, "after": {"ship_to_name": after.ship_to_name, "address1": after.address1, "city": after.city}}),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(Json(after))
    }
}
