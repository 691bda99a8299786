//! The embedded backend: PostgreSQL with pg_trgm, reading the site's own rows in the caller's tenant transaction
//! (search_path and granted sites set by the scope; row-level security holds as for any request).
//!
//! One statement per search, in four parts that each stop early (at most [`CANDIDATES`] rows) so the cost does not
//! grow with the catalogue: exact code matches (b-tree), rows whose text contains every word (the side table
//! `cip_text`: the first rows of the site for a common text, else its word and trigram indexes; enough when a page's
//! worth is found), rows whose item-master part matches (trigram GIN on the item master), and, only when those
//! found fewer than asked, typo-tolerant word similarity (same GIN index). The few hundred candidates are then ranked.

use futures::future::BoxFuture;
use sqlx::PgPool;
use tenancy::SiteScope;

use crate::{FreeText, ItemDoc, ItemHit, ItemSearch, SearchError};

/// Candidates each part of a search may contribute before ranking.
const CANDIDATES: i64 = 50;
/// Word similarity a typo-tolerant match needs (pg_trgm's default 0.6 misses one swapped pair in a short word).
const WORD_SIMILARITY: &str = "0.4";

pub struct PgItemSearch {
    pool: PgPool,
}

impl PgItemSearch {
    pub fn new(pool: PgPool) -> Self {
        PgItemSearch { pool }
    }
}

/// `%word%` with LIKE's own characters escaped.
fn contains_pattern(word: &str) -> String {
    let mut out = String::with_capacity(word.len() + 2);
    out.push('%');
    for c in word.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// The statement: `$1` site, `$2` the whole text, `$3` the limit, `$4` one LIKE pattern per word (text[]).
///
/// The contains and typo-tolerant parts ask the client schema's security-definer functions over `cip_text`
/// (tenant migration 0016) for candidate `cip_no`s, because under the site policy no trigram index can serve a
/// query on `cip` itself; the rows are then read from `cip` by primary key, under the policy.
fn statement(words: usize, free_text: bool) -> String {
    let mfg_words: Vec<String> =
        (1..=words).map(|i| format!("(m.desc1 || ' ' || coalesce(m.desc2, '') || ' ' || m.mfg_part_no) ilike ($4::text[])[{i}]")).collect();
    // Without three characters there is no trigram to look up: only exact codes.
    let (contains, manufacturer, similar) = if free_text {
        (
            format!(
                "select {COLUMNS}, 3 as tier from cip c
                 where c.cip_no = any (array(select cip_text_containing($4::text[], {CANDIDATES}, $3::int))) and c.site_id = $1"
            ),
            format!(
                "select {COLUMNS}, 2 as tier from cip c
                 where c.site_id = $1 and c.item_id = any (array(select m.item_id from asp.item_master m
                       where {} limit {CANDIDATES}))
                 limit {CANDIDATES}",
                mfg_words.join(" and ")
            ),
            format!(
                "select {COLUMNS}, 1 as tier from cip c
                 where c.cip_no = any (array(select cip_text_similar($2, $3::int)
                                             where (select count(*) from contains) + (select count(*) from manufacturer) < $3))
                   and c.site_id = $1"
            ),
        )
    } else {
        let none = format!("select {COLUMNS}, 0 as tier from cip c where false");
        (none.clone(), none.clone(), none)
    };
    format!(
        "with exact as (select {COLUMNS}, 4 as tier from cip c
                        where c.site_id = $1 and (c.cip_code_key = $2 or c.cust_item_code_key = $2) limit {CANDIDATES}),
              contains as ({contains}),
              manufacturer as ({manufacturer}),
              fuzzy as ({similar}),
              ranked as (select distinct on (a.cip_no) a.*,
                                (a.tier * 10 + ext.word_similarity($2, a.search_text) * 5
                                 + case when starts_with(a.search_text, $2) then 2 else 0 end) as score
                         from (select * from exact union all select * from contains
                               union all select * from manufacturer union all select * from fuzzy) a
                         order by a.cip_no, a.tier desc),
              page as (select * from ranked order by score desc, cip_code limit $3)
         select p.cip_no, p.cid_no, p.item_id, p.cip_code, p.cust_item_code, p.cust_desc1, p.cust_desc2, m.mfg_code, m.mfg_part_no,
                p.location, p.status_id, p.qty_on_hand, p.tier, p.score
         from page p
         left join asp.item_master m on m.item_id = p.item_id
         order by p.score desc, p.cip_code"
    )
}

/// What each part of a search carries, so the page needs no second look-up of its rows.
const COLUMNS: &str =
    "c.cip_no, c.cid_no, c.item_id, c.cip_code, c.cust_item_code, c.cust_desc1, c.cust_desc2, c.location, c.status_id, c.qty_on_hand, c.search_text";

#[derive(sqlx::FromRow)]
struct Row {
    cip_no: i64,
    cid_no: Option<i64>,
    item_id: Option<i64>,
    cip_code: String,
    cust_item_code: Option<String>,
    cust_desc1: Option<String>,
    cust_desc2: Option<String>,
    mfg_code: Option<String>,
    mfg_part_no: Option<String>,
    location: Option<String>,
    status_id: i32,
    qty_on_hand: rust_decimal::Decimal,
    tier: i32,
    score: f64, // not money: the relevance score (double precision: the similarity is one)
}

async fn search(pool: &PgPool, scope: &SiteScope, query: &FreeText, limit: i64) -> Result<Vec<ItemHit>, SearchError> {
    let limit = limit.clamp(1, 100);
    let sql = statement(query.words().len(), query.is_free_text());
    let mut tx = scope.begin(pool).await?;
    if query.is_free_text() {
        // The typo-tolerant part's function samples a common trigram's hits itself (tenant 0023).
        sqlx::query("select set_config('pg_trgm.word_similarity_threshold', $1, true)")
            .bind(WORD_SIMILARITY)
            .execute(&mut *tx)
            .await?;
    }
    let patterns: Vec<String> = query.words().iter().map(|w| contains_pattern(w)).collect();
    // Unprepared: each search is planned for its own text (a cached generic plan knows no pattern).
    let rows = sqlx::query_as::<_, Row>(&sql)
        .bind(scope.site_id())
        .bind(query.text())
        .bind(limit)
        .bind(patterns)
        .persistent(false)
        .fetch_all(&mut *tx)
        .await?;
    // A read: ending the transaction without a commit round trip.
    drop(tx);
    Ok(rows
        .into_iter()
        .map(|r| ItemHit {
            cip_no: r.cip_no,
            cid_no: r.cid_no,
            item_id: r.item_id,
            cip_code: r.cip_code,
            cust_item_code: r.cust_item_code,
            cust_desc1: r.cust_desc1,
            cust_desc2: r.cust_desc2,
            mfg_code: r.mfg_code,
            mfg_part_no: r.mfg_part_no,
            location: r.location,
            status_id: r.status_id,
            qty_on_hand: r.qty_on_hand,
            matched: match r.tier {
                4 => "exact",
                3 => "contains",
                2 => "manufacturer",
                _ => "similar",
            },
            score: r.score,
        })
        .collect())
}

impl ItemSearch for PgItemSearch {
    fn backend(&self) -> &'static str {
        "postgresql"
    }

    fn search_items<'a>(&'a self, scope: &'a SiteScope, query: &'a FreeText, limit: i64) -> BoxFuture<'a, Result<Vec<ItemHit>, SearchError>> {
        Box::pin(search(&self.pool, scope, query, limit))
    }

    fn index_items<'a>(&'a self, _docs: &'a [ItemDoc]) -> BoxFuture<'a, Result<(), SearchError>> {
        // The tables are the index.
        Box::pin(async { Ok(()) })
    }

    fn remove_items<'a>(&'a self, _client_id: i64, _cip_nos: &'a [i64]) -> BoxFuture<'a, Result<(), SearchError>> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_characters_in_a_word_are_escaped() {
        assert_eq!(contains_pattern("50%_A\\B"), "%50\\%\\_A\\\\B%");
    }

    #[test]
    fn free_text_asks_the_side_table_for_candidates() {
        let sql = statement(2, true);
        assert!(sql.contains("ilike ($4::text[])[2]"));
        assert!(sql.contains("cip_text_containing($4::text[], 50, $3::int)"));
        assert!(sql.contains("cip_text_similar($2"));
        assert!(!sql.contains("$5"));
    }

    #[test]
    fn short_text_looks_only_for_exact_codes() {
        let sql = statement(1, false);
        assert!(!sql.contains("cip_text_containing"));
        assert!(sql.contains("c.cip_code_key = $2"));
    }
}
