//! Wire types of shortcuts.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Debug, Clone, Object, FromRow)]
pub struct Shortcut {
    pub id: i64,
    pub description: String,
    pub angular_icon: Option<String>,
    pub angular_route: Option<String>,
    pub url: Option<String>,
    pub display: bool,
    /// 1-based.
    pub rank: i32,
}

/// A shortcut with the user's preferences and the permissions it needs, before filtering.
#[derive(FromRow)]
pub struct ShortcutRow {
    pub id: i64,
    pub description: String,
    pub angular_icon: Option<String>,
    pub angular_route: Option<String>,
    pub url: Option<String>,
    pub display: bool,
    pub rank: i32,
    pub required_permissions: Option<Vec<String>>,
}

#[derive(Object)]
pub struct ShortcutDisplay {
    pub shortcut_id: i64,
    pub display: bool,
}

#[derive(Object)]
pub struct ShortcutRank {
    pub shortcut_id: i64,
    /// New 1-based position.
    pub rank: i32,
}
