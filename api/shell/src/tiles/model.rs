//! Wire types of home page tiles.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Object, FromRow, Clone)]
pub struct HomepageTile {
    pub report_id: i64,
    #[oai(rename = "aspName")]
    pub asp_name: String,
    #[oai(rename = "report_Name")]
    pub report_name: String,
    #[oai(rename = "reportDescription")]
    pub report_description: String,
    /// 1 small, 2 large.
    #[oai(rename = "homepageTileType")]
    pub homepage_tile_type: i32,
    pub is_selected: bool,
    /// 1-based position among the tiles of the same type.
    pub rank: i32,
    pub route: Option<String>,
    /// The tile's count; null while the feature that counts it is not available at this site.
    pub count: Option<i64>,
    #[oai(skip)]
    #[sqlx(default)]
    pub required_permissions: Option<Vec<String>>,
}

#[derive(Object)]
pub struct TileDisplay {
    pub report_id: i64,
    pub is_selected: bool,
}

#[derive(Object)]
pub struct TileRank {
    pub report_id: i64,
    /// New 1-based position.
    pub rank: i32,
}
