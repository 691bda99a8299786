//! Rules of the training link resource.

use kernel::error::{ApiError, ApiResult};
use kernel::state::AppState;

use super::model::TrainingLink;
use super::repo;

/// A training category: letters, digits, `-` and `_`, up to 50.
pub fn valid_category(c: &str) -> bool {
    (1..=50).contains(&c.len()) && c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The links of `category` (blank: all categories).
pub async fn list(state: &AppState, category: Option<&str>) -> ApiResult<Vec<TrainingLink>> {
    let category = category.map(str::trim).filter(|c| !c.is_empty());
    if category.is_some_and(|c| !valid_category(c)) {
        return Err(ApiError::invalid("category", "invalid", "Please enter a valid value for Category"));
    }
    let mut conn = state.pool.acquire().await?;
    Ok(repo::list(&mut conn, category).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_are_plain_words() {
        assert!(valid_category("home") && valid_category("dev-ops_2"));
        assert!(!valid_category("home'--") && !valid_category("") && !valid_category(&"a".repeat(51)));
    }
}
