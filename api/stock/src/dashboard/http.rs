//! Operations of the home page's stock numbers under `/api/V1/Stock`.

use api_macros::guarded;
use kernel::access::Caller;
use kernel::error::ApiResult;
use kernel::perm::Perm;
use kernel::state::AppState;
use kernel::ApiTags;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use tenancy::SiteScope;

use super::model::UsageTrend;
use super::repo;

pub struct DashboardApi;

#[guarded]
#[OpenApi(prefix_path = "/V1", tag = "ApiTags::Stock")]
impl DashboardApi {
    /// Usage trend of the current site (home page chart)
    ///
    /// The site's stock value now and, month by month for the last `months` months (12 unless given, 1 to 24;
    /// the current month so far last), the usage (issued minus returned), its value at the cost each row was posted
    /// at, the receipts' value and the number of ledger rows. Values are null without InvFISPrice.
    #[requires(BasicAccess)]
    #[oai(path = "/Stock/UsageTrend", method = "get", operation_id = "stockGetUsageTrend")]
    async fn usage_trend(
        &self,
        state: Data<&AppState>,
        caller: Data<&Caller>,
        scope: Data<&SiteScope>,
        #[oai(validator(minimum(value = "1"), maximum(value = "24")))] months: Query<Option<i32>>,
    ) -> ApiResult<Json<UsageTrend>> {
        let mut tx = scope.begin(&state.pool).await?;
        let site_id = scope.site_id();
        let mut months = repo::months(&mut tx, site_id, months.0.unwrap_or(12)).await?;
        let (value, items_in_stock) = repo::stock_value(&mut tx, site_id).await?;
        drop(tx);
        let sees_cost = caller.holds(Perm::InvFISPrice);
        if !sees_cost {
            for m in months.iter_mut() {
                m.usage_value = None;
                m.received_value = None;
            }
        }
        Ok(Json(UsageTrend { stock_value: sees_cost.then_some(value), items_in_stock, months }))
    }
}
