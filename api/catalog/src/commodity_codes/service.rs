//! Rules of the commodity codes: the path names a UNSPSC segment and a family of it.

use kernel::error::ApiResult;
use kernel::state::AppState;
use kernel::validate::Problems;

use super::model::CommodityCode;
use super::repo;

fn digits(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| b.is_ascii_digit())
}

/// The (segment, family) the path's `a` and `b` name: `a` is the segment (2 digits); `b` is the family, either its
/// own 2 digits (`31`/`17`) or all 4 (`31`/`3117`, which must start with the segment).
pub fn family_of(a: &str, b: &str) -> ApiResult<(String, String)> {
    let (a, b) = (a.trim(), b.trim());
    let mut p = Problems::default();
    if !digits(a, 2) {
        p.add("a", "invalid", "The segment is 2 digits, e.g. 31.");
    }
    let family = if digits(b, 2) {
        format!("{a}{b}")
    } else if digits(b, 4) && b.starts_with(a) {
        b.to_owned()
    } else {
        p.add("b", "invalid", "The family is 2 digits, or 4 digits starting with the segment, e.g. 17 or 3117.");
        String::new()
    };
    p.check()?;
    Ok((a.to_owned(), family))
}

pub async fn of_family(state: &AppState, a: &str, b: &str) -> ApiResult<Vec<CommodityCode>> {
    let (segment, family) = family_of(a, b)?;
    let mut conn = state.pool.acquire().await?;
    Ok(repo::of_family(&mut conn, &segment, &family).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_family_is_its_own_two_digits_or_all_four() {
        assert_eq!(family_of("31", "17").ok(), Some(("31".into(), "3117".into())));
        assert_eq!(family_of("31", "3117").ok(), Some(("31".into(), "3117".into())));
        for (a, b) in [("3", "17"), ("31", "4617"), ("31", "1"), ("ab", "17"), ("31", "17x"), ("31", "311715")] {
            assert!(family_of(a, b).is_err(), "{a}/{b}");
        }
    }
}
