//! What the caller's personal lists (menu, shortcuts, home tiles) share: who may see an entry, and moving an entry
//! to a new rank.

use std::collections::HashSet;

/// An entry without required permissions is for everyone; otherwise any one of them is enough.
pub fn allowed(required: Option<&[String]>, held: &HashSet<&str>) -> bool {
    required.is_none_or(|req| req.iter().any(|r| held.contains(r.as_str())))
}

/// Moves `id` to 1-based `rank` within `order` (clamped), returning the new order.
pub fn move_to<T: PartialEq + Copy>(order: &[T], id: T, rank: i32) -> Option<Vec<T>> {
    let from = order.iter().position(|x| *x == id)?;
    let mut out = order.to_vec();
    let item = out.remove(from);
    let to = usize::try_from(rank.max(1) - 1).unwrap_or(0).min(out.len());
    out.insert(to, item);
    Some(out)
}

/// The 1-based rank of `id` in `order`, or `fallback` when it is not there.
pub fn rank_in<T: PartialEq>(order: &[T], id: &T, fallback: i32) -> i32 {
    order.iter().position(|x| x == id).map_or(fallback, |p| i32::try_from(p + 1).unwrap_or(i32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moving_to_a_rank_shifts_the_others() {
        assert_eq!(move_to(&[1, 2, 3, 4], 4, 1), Some(vec![4, 1, 2, 3]));
        assert_eq!(move_to(&[1, 2, 3, 4], 1, 3), Some(vec![2, 3, 1, 4]));
        assert_eq!(move_to(&[1, 2, 3], 2, 99), Some(vec![1, 3, 2]));
        assert_eq!(move_to(&[1, 2, 3], 2, 0), Some(vec![2, 1, 3]));
        assert_eq!(move_to(&[1, 2, 3], 9, 1), None);
        assert_eq!(rank_in(&[4, 1, 2], &1, 7), 2);
        assert_eq!(rank_in(&[4, 1, 2], &9, 7), 7);
    }

    #[test]
    fn entries_without_required_permissions_are_for_everyone() {
        let held: HashSet<&str> = ["BasicAccess"].into_iter().collect();
        assert!(allowed(None, &held));
        assert!(allowed(Some(&["Buyer".to_owned(), "BasicAccess".to_owned()]), &held));
        assert!(!allowed(Some(&["Buyer".to_owned()]), &held));
    }
}
