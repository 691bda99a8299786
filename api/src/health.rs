//! Liveness and readiness.

use api_macros::guarded;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use kernel::ApiTags;
use kernel::state::AppState;

#[derive(Object)]
pub struct Health {
    pub status: String,
    pub database: Option<bool>,
    pub redis: Option<bool>,
}

#[derive(ApiResponse)]
pub enum Readiness {
    /// Database and Redis answer.
    #[oai(status = 200)]
    Ready(Json<Health>),
    /// Something this instance needs does not answer.
    #[oai(status = 503)]
    NotReady(Json<Health>),
}

pub struct HealthApi;

#[guarded]
#[OpenApi(tag = "ApiTags::Health")]
impl HealthApi {
    /// Liveness: the process answers
    #[requires(public)]
    #[oai(path = "/health", method = "get", operation_id = "health")]
    async fn health(&self) -> Json<Health> {
        Json(Health { status: "ok".to_owned(), database: None, redis: None })
    }

    /// Readiness: the database and Redis answer
    #[requires(public)]
    #[oai(path = "/ready", method = "get", operation_id = "ready")]
    async fn ready(&self, state: Data<&AppState>) -> Readiness {
        let db = sqlx::query("select 1").execute(&state.pool).await.is_ok();
        let redis = state.sessions.ping().await.is_ok();
        let body = Health { status: if db && redis { "ok" } else { "unavailable" }.to_owned(), database: Some(db), redis: Some(redis) };
        if db && redis {
            Readiness::Ready(Json(body))
        } else {
            Readiness::NotReady(Json(body))
        }
    }
}

/// The role the pool connects as, and whether it bypasses row-level security (superuser or BYPASSRLS).
pub async fn database_role(pool: &sqlx::PgPool) -> Result<(String, bool), sqlx::Error> {
    sqlx::query_as("select current_user::text, rolsuper or rolbypassrls from pg_roles where rolname = current_user").fetch_one(pool).await
}
