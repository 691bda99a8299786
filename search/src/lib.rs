//! Search backends behind one trait. The embedded default is PostgreSQL ([`postgres::PgItemSearch`]: pg_trgm over
//! the site's own rows, under the request's tenant scope and row-level security); a Meilisearch backend (the search
//! issue) implements the same trait: it keeps its own index, fed through [`ItemSearch::index_items`], and answers
//! [`ItemSearch::search_items`] filtered by the scope's client and site.

pub mod postgres;

use futures::future::BoxFuture;
use tenancy::SiteScope;

/// Longest free text a search takes (characters); longer input is cut, not refused, as a search box would.
pub const MAX_QUERY_CHARS: usize = 100;
/// Most words a free-text query uses; further words are ignored.
pub const MAX_QUERY_WORDS: usize = 5;
/// Below this many characters only exact code matches are looked for (a trigram needs three).
pub const MIN_FREE_TEXT_CHARS: usize = 3;

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Tenancy(#[from] tenancy::TenancyError),
    #[error("search backend unavailable: {0}")]
    Unavailable(String),
}

/// A normalised free-text query: trimmed, upper-case, single spaces, at most [`MAX_QUERY_CHARS`] characters and
/// [`MAX_QUERY_WORDS`] words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreeText {
    text: String,
    words: Vec<String>,
}

impl FreeText {
    /// `None` when nothing searchable is left.
    pub fn parse(raw: &str) -> Option<FreeText> {
        let cut: String = raw.chars().map(|c| if c.is_control() { ' ' } else { c }).take(MAX_QUERY_CHARS).collect();
        let words: Vec<String> = cut.split_whitespace().take(MAX_QUERY_WORDS).map(str::to_uppercase).collect();
        if words.is_empty() {
            return None;
        }
        Some(FreeText { text: words.join(" "), words })
    }
    pub fn text(&self) -> &str {
        &self.text
    }
    pub fn words(&self) -> &[String] {
        &self.words
    }
    /// Long enough for the contains and typo-tolerant parts of a search.
    pub fn is_free_text(&self) -> bool {
        self.text.chars().count() >= MIN_FREE_TEXT_CHARS
    }
}

/// One item (CIP) found, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemHit {
    pub cip_no: i64,
    pub cid_no: Option<i64>,
    pub item_id: Option<i64>,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub mfg_code: Option<String>,
    pub mfg_part_no: Option<String>,
    pub location: Option<String>,
    pub status_id: i32,
    /// Exact, as the column holds it (the inventory area shows it as a quantity).
    pub qty_on_hand: rust_decimal::Decimal,
    /// How the item matched: `exact` (a code equals the text), `contains` (every word appears), `manufacturer` (the
    /// manufacturer part or description matched), `similar` (typo tolerant).
    pub matched: &'static str,
    pub score: f64, // not money: a relevance score (match tier and trigram similarity) that only orders the hits
}

/// What a backend-fed index needs of a CIP (the PostgreSQL backend reads the tables themselves and ignores it).
#[derive(Debug, Clone, PartialEq)]
pub struct ItemDoc {
    pub client_id: i64,
    pub site_id: i64,
    pub cip_no: i64,
    pub cip_code: String,
    pub cust_item_code: Option<String>,
    pub cust_desc1: Option<String>,
    pub cust_desc2: Option<String>,
    pub mfg_part_no: Option<String>,
}

pub trait ItemSearch: Send + Sync {
    /// The backend's name, for health and logs.
    fn backend(&self) -> &'static str;
    /// Items of the scope's site matching `query`, best first, at most `limit`.
    fn search_items<'a>(&'a self, scope: &'a SiteScope, query: &'a FreeText, limit: i64) -> BoxFuture<'a, Result<Vec<ItemHit>, SearchError>>;
    /// Adds or replaces documents (a backend with its own index); the PostgreSQL backend has nothing to do.
    fn index_items<'a>(&'a self, docs: &'a [ItemDoc]) -> BoxFuture<'a, Result<(), SearchError>>;
    /// Removes documents of a client by CIP number.
    fn remove_items<'a>(&'a self, client_id: i64, cip_nos: &'a [i64]) -> BoxFuture<'a, Result<(), SearchError>>;
}

#[cfg(test)]
mod tests {
    use super::FreeText;

    #[test]
    fn free_text_is_trimmed_upper_cased_and_cut_to_five_words() {
        let q = FreeText::parse("  bearing   ball\tsealed a b c d ").unwrap();
        assert_eq!(q.text(), "BEARING BALL SEALED A B");
        assert_eq!(q.words().len(), 5);
        assert!(q.is_free_text());
    }

    #[test]
    fn blank_or_control_only_text_is_nothing_to_search() {
        assert_eq!(FreeText::parse("   "), None);
        assert_eq!(FreeText::parse("\u{0}\u{7}"), None);
    }

    #[test]
    fn two_characters_are_only_looked_up_as_codes() {
        assert!(!FreeText::parse("ab").unwrap().is_free_text());
    }
}
