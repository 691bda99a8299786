//! The character-level diff of the Database Tools compare dialog ('Database Diff Tool (left db to right db)').
//!
//! Myers' O(ND) shortest edit script over the characters of both texts, after trimming their common prefix and
//! suffix. Bounded: when the product of the remaining lengths is too large, or the script would need too many edits
//! or steps, the texts are compared line by line instead (still with Myers), and each changed block of lines is then
//! refined character by character when it is small enough. Nothing here can panic on any input.
//!
//! The answer is HTML: the text with removed runs in `<del>` and inserted runs in `<ins>`, everything HTML-escaped,
//! inside `<pre class="asp-diff">`, plus the CSS that colours `del` red and `ins` green.

use std::collections::HashMap;

/// Each side of a comparison may hold up to 1 MB (UTF-8 bytes).
pub const MAX_TEXT_BYTES: usize = 1024 * 1024;

/// Above this product of (trimmed) lengths in characters, the texts are compared by line first.
const CHAR_PRODUCT_LIMIT: usize = 16_000_000;
/// The most edits one Myers run may find; its memory grows with the square of this.
const MAX_EDITS: usize = 2_000;
/// The most work (diagonal visits plus snake steps) one Myers run may do.
const MAX_STEPS: u64 = 40_000_000;

/// Styles for the HTML: removed text red and struck through, inserted text green.
pub const CSS: &str = ".asp-diff { white-space: pre-wrap; word-break: break-word; margin: 0; \
font-family: Consolas, 'Courier New', monospace; font-size: 12px; line-height: 1.4; }\n\
.asp-diff del { background-color: #ffd7d5; color: #b00020; text-decoration: line-through; }\n\
.asp-diff ins { background-color: #ccffd8; color: #0a6b2c; text-decoration: none; }\n";

/// A run of the result: text both sides share, text only the left has, text only the right has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Run {
    Same(String),
    Deleted(String),
    Inserted(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Equal,
    Delete,
    Insert,
}

/// The runs that turn `left` into `right`, character by character where affordable.
pub fn diff(left: &str, right: &str) -> Vec<Run> {
    let a: Vec<char> = left.chars().collect();
    let b: Vec<char> = right.chars().collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (a_rest, b_rest) = (&a[prefix..], &b[prefix..]);
    let suffix = a_rest.iter().rev().zip(b_rest.iter().rev()).take_while(|(x, y)| x == y).count();
    let a_mid = &a_rest[..a_rest.len() - suffix];
    let b_mid = &b_rest[..b_rest.len() - suffix];

    let mut out = Builder::default();
    out.same(&a[..prefix]);
    middle(a_mid, b_mid, &mut out);
    out.same(&a_rest[a_rest.len() - suffix..]);
    out.finish()
}

/// The diff as HTML (escaped, `<del>`/`<ins>` runs, wrapped in `<pre class="asp-diff">`).
pub fn html(runs: &[Run]) -> String {
    let size: usize = runs.iter().map(|r| match r {
        Run::Same(s) | Run::Deleted(s) | Run::Inserted(s) => s.len() + 11,
    }).sum();
    let mut out = String::with_capacity(size + 32);
    out.push_str("<pre class=\"asp-diff\">");
    for run in runs {
        match run {
            Run::Same(s) => escape_into(s, &mut out),
            Run::Deleted(s) => {
                out.push_str("<del>");
                escape_into(s, &mut out);
                out.push_str("</del>");
            }
            Run::Inserted(s) => {
                out.push_str("<ins>");
                escape_into(s, &mut out);
                out.push_str("</ins>");
            }
        }
    }
    out.push_str("</pre>");
    out
}

/// Appends `text` with the HTML special characters escaped.
pub fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// The differing middle of both texts: by character when affordable, else by line with small blocks refined.
fn middle(a: &[char], b: &[char], out: &mut Builder) {
    if a.is_empty() || b.is_empty() {
        out.deleted(a);
        out.inserted(b);
        return;
    }
    if a.len().saturating_mul(b.len()) <= CHAR_PRODUCT_LIMIT {
        if let Some(ops) = myers(a, b, MAX_EDITS, MAX_STEPS) {
            out.apply(&ops, a, b);
            return;
        }
    }
    by_line(a, b, out);
}

fn lines(text: &[char]) -> Vec<&[char]> {
    text.split_inclusive(|c| *c == '\n').collect()
}

fn by_line(a: &[char], b: &[char], out: &mut Builder) {
    let (la, lb) = (lines(a), lines(b));
    let mut ids: HashMap<&[char], u32> = HashMap::new();
    let ia: Vec<u32> = la.iter().map(|l| intern(&mut ids, l)).collect();
    let ib: Vec<u32> = lb.iter().map(|l| intern(&mut ids, l)).collect();
    let Some(ops) = myers(&ia, &ib, MAX_EDITS, MAX_STEPS) else {
        out.deleted(a);
        out.inserted(b);
        return;
    };
    // Walk the line script; each block of changed lines between equal lines is refined on its own.
    let (mut i, mut j) = (0usize, 0usize);
    let (mut block_a, mut block_b): (Vec<char>, Vec<char>) = (Vec::new(), Vec::new());
    for op in ops {
        match op {
            Op::Equal => {
                refine(&block_a, &block_b, out);
                block_a.clear();
                block_b.clear();
                if let Some(l) = la.get(i) {
                    out.same(l);
                }
                i += 1;
                j += 1;
            }
            Op::Delete => {
                if let Some(l) = la.get(i) {
                    block_a.extend_from_slice(l);
                }
                i += 1;
            }
            Op::Insert => {
                if let Some(l) = lb.get(j) {
                    block_b.extend_from_slice(l);
                }
                j += 1;
            }
        }
    }
    refine(&block_a, &block_b, out);
}

/// The same number for equal lines, so lines compare as numbers.
fn intern<'t>(ids: &mut HashMap<&'t [char], u32>, line: &'t [char]) -> u32 {
    let next = u32::try_from(ids.len()).unwrap_or(u32::MAX);
    *ids.entry(line).or_insert(next)
}

/// A block of changed lines: by character when small enough, else removed and inserted whole.
fn refine(a: &[char], b: &[char], out: &mut Builder) {
    if !a.is_empty() && !b.is_empty() && a.len().saturating_mul(b.len()) <= CHAR_PRODUCT_LIMIT {
        if let Some(ops) = myers(a, b, MAX_EDITS, MAX_STEPS) {
            out.apply(&ops, a, b);
            return;
        }
    }
    out.deleted(a);
    out.inserted(b);
}

/// Myers' greedy shortest edit script from `a` to `b`; `None` when it needs more than `max_edits` edits or more than
/// `max_steps` work. Only points inside the edit graph are ever considered, so every index it yields is valid.
fn myers<T: PartialEq>(a: &[T], b: &[T], max_edits: usize, max_steps: u64) -> Option<Vec<Op>> {
    let (n, m) = (a.len(), b.len());
    if n == 0 || m == 0 {
        let mut ops = vec![Op::Delete; n];
        ops.extend(std::iter::repeat_n(Op::Insert, m));
        return Some(ops);
    }
    // Positions are kept as i32 (texts are at most a few million characters) to halve the trace's memory.
    let (ni, mi) = (i64::from(i32::try_from(n).ok()?), i64::from(i32::try_from(m).ok()?));
    let limit = max_edits.min(n + m);
    let mut steps: u64 = 0;
    // trace[d][k + d] = furthest x reached on diagonal k (= x - y) with d edits, or -1 when unreachable.
    let mut trace: Vec<Vec<i32>> = Vec::with_capacity(limit.min(1024) + 1);
    for d in 0..=limit {
        let di = i64::try_from(d).ok()?;
        let mut current = vec![-1i32; 2 * d + 1];
        let mut k = -di;
        while k <= di {
            let start = if d == 0 { Some(0) } else { trace.last().and_then(|prev| choose(prev, di - 1, k, ni, mi)).map(|(x, _)| x) };
            if let Some(mut x) = start {
                let mut y = x - k;
                while x < ni && y < mi && at(a, x)? == at(b, y)? {
                    x += 1;
                    y += 1;
                    steps += 1;
                }
                *current.get_mut(usize::try_from(k + di).ok()?)? = i32::try_from(x).ok()?;
                if x == ni && y == mi {
                    trace.push(current);
                    return backtrack(&trace, ni, mi);
                }
            }
            steps += 1;
            k += 2;
        }
        if steps > max_steps {
            return None;
        }
        trace.push(current);
    }
    None
}

fn at<T>(s: &[T], i: i64) -> Option<&T> {
    s.get(usize::try_from(i).ok()?)
}

/// The value of diagonal `k` in the row of step `d`, or -1 when the diagonal lies outside that step.
fn get(row: &[i32], d: i64, k: i64) -> i64 {
    if k < -d || k > d {
        return -1;
    }
    usize::try_from(k + d).ok().and_then(|i| row.get(i)).map_or(-1, |x| i64::from(*x))
}

/// The furthest x on diagonal `k` one edit after step `prev_d`: `(x, came_from_k)` by an insertion from diagonal
/// k+1 (down) or a deletion from diagonal k-1 (right), whichever reaches further inside the graph (ties: insertion).
fn choose(prev: &[i32], prev_d: i64, k: i64, n: i64, m: i64) -> Option<(i64, i64)> {
    let down = Some(get(prev, prev_d, k + 1)).filter(|x| *x >= 0 && *x - k <= m).map(|x| (x, k + 1));
    let right = Some(get(prev, prev_d, k - 1)).filter(|x| *x >= 0 && *x < n).map(|x| (x + 1, k - 1));
    match (down, right) {
        (Some(d), Some(r)) => Some(if r.0 > d.0 { r } else { d }),
        (d, r) => d.or(r),
    }
}

fn backtrack(trace: &[Vec<i32>], n: i64, m: i64) -> Option<Vec<Op>> {
    let mut ops = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (1..trace.len()).rev() {
        let prev = trace.get(d - 1)?;
        let prev_d = i64::try_from(d - 1).ok()?;
        let k = x - y;
        let (start_x, from_k) = choose(prev, prev_d, k, n, m)?;
        // The snake (equal characters) that followed this step's edit.
        while x > start_x {
            ops.push(Op::Equal);
            x -= 1;
        }
        ops.push(if from_k == k + 1 { Op::Insert } else { Op::Delete });
        x = get(prev, prev_d, from_k);
        y = x - from_k;
    }
    if x != y || x < 0 {
        return None;
    }
    ops.extend(std::iter::repeat_n(Op::Equal, usize::try_from(x).ok()?));
    ops.reverse();
    Some(ops)
}

/// Collects runs; within a changed stretch all removed text comes before all inserted text.
#[derive(Default)]
struct Builder {
    runs: Vec<Run>,
    del: String,
    ins: String,
}

impl Builder {
    fn flush(&mut self) {
        if !self.del.is_empty() {
            self.runs.push(Run::Deleted(std::mem::take(&mut self.del)));
        }
        if !self.ins.is_empty() {
            self.runs.push(Run::Inserted(std::mem::take(&mut self.ins)));
        }
    }

    fn same(&mut self, text: &[char]) {
        if text.is_empty() {
            return;
        }
        self.flush();
        if let Some(Run::Same(s)) = self.runs.last_mut() {
            s.extend(text);
        } else {
            self.runs.push(Run::Same(text.iter().collect()));
        }
    }

    fn deleted(&mut self, text: &[char]) {
        self.del.extend(text);
    }

    fn inserted(&mut self, text: &[char]) {
        self.ins.extend(text);
    }

    fn apply(&mut self, ops: &[Op], a: &[char], b: &[char]) {
        let (mut i, mut j) = (0usize, 0usize);
        for op in ops {
            match op {
                Op::Equal => {
                    self.same(a.get(i..=i).unwrap_or_default());
                    i += 1;
                    j += 1;
                }
                Op::Delete => {
                    self.deleted(a.get(i..=i).unwrap_or_default());
                    i += 1;
                }
                Op::Insert => {
                    self.inserted(b.get(j..=j).unwrap_or_default());
                    j += 1;
                }
            }
        }
    }

    fn finish(mut self) -> Vec<Run> {
        self.flush();
        self.runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sides(runs: &[Run]) -> (String, String) {
        let (mut l, mut r) = (String::new(), String::new());
        for run in runs {
            match run {
                Run::Same(s) => {
                    l.push_str(s);
                    r.push_str(s);
                }
                Run::Deleted(s) => l.push_str(s),
                Run::Inserted(s) => r.push_str(s),
            }
        }
        (l, r)
    }

    fn edits(runs: &[Run]) -> usize {
        runs.iter()
            .map(|r| match r {
                Run::Same(_) => 0,
                Run::Deleted(s) | Run::Inserted(s) => s.chars().count(),
            })
            .sum()
    }

    /// The length of the longest common subsequence, by dynamic programming (the reference for minimality).
    fn lcs(a: &str, b: &str) -> usize {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let mut row = vec![0usize; b.len() + 1];
        for x in &a {
            let mut diag = 0;
            for (j, y) in b.iter().enumerate() {
                let up = row[j + 1];
                row[j + 1] = if x == y { diag + 1 } else { up.max(row[j]) };
                diag = up;
            }
        }
        row[b.len()]
    }

    #[test]
    fn both_sides_empty_give_no_runs_and_an_empty_pre() {
        assert!(diff("", "").is_empty());
        assert_eq!(html(&diff("", "")), "<pre class=\"asp-diff\"></pre>");
    }

    #[test]
    fn one_empty_side_is_a_whole_insertion_or_deletion() {
        assert_eq!(diff("", "abc"), vec![Run::Inserted("abc".into())]);
        assert_eq!(diff("abc", ""), vec![Run::Deleted("abc".into())]);
        assert_eq!(html(&diff("", "x")), "<pre class=\"asp-diff\"><ins>x</ins></pre>");
        assert_eq!(html(&diff("x", "")), "<pre class=\"asp-diff\"><del>x</del></pre>");
    }

    #[test]
    fn identical_texts_are_one_unchanged_run() {
        let text = "create view v as\n select 1;\n";
        assert_eq!(diff(text, text), vec![Run::Same(text.into())]);
        let h = html(&diff(text, text));
        assert!(!h.contains("<del>") && !h.contains("<ins>"));
    }

    #[test]
    fn a_changed_character_is_removed_and_inserted() {
        let runs = diff("AS $function$select 1$function$", "AS $function$select 2$function$");
        assert_eq!(
            runs,
            vec![Run::Same("AS $function$select ".into()), Run::Deleted("1".into()), Run::Inserted("2".into()), Run::Same("$function$".into())]
        );
        assert!(html(&runs).contains("<del>1</del><ins>2</ins>"));
    }

    #[test]
    fn html_is_escaped_in_every_kind_of_run() {
        let h = html(&diff("a < b & 'x'", "a > b & \"x\""));
        assert!(h.contains("&amp;"));
        assert!(h.contains("<del>&lt;</del><ins>&gt;</ins>"));
        assert!(h.contains("<del>&#39;</del><ins>&quot;</ins>"));
        assert!(!h.contains("'") && !h.contains("\"x"));
        let h = html(&diff("", "<script>alert(1)</script>"));
        assert_eq!(h, "<pre class=\"asp-diff\"><ins>&lt;script&gt;alert(1)&lt;/script&gt;</ins></pre>");
    }

    #[test]
    fn multibyte_characters_are_whole_characters() {
        let runs = diff("naïve café", "naive cafè");
        let (l, r) = sides(&runs);
        assert_eq!((l.as_str(), r.as_str()), ("naïve café", "naive cafè"));
        assert_eq!(edits(&runs), 4);
    }

    #[test]
    fn the_script_rebuilds_both_sides_and_is_minimal() {
        // A small deterministic generator: many random pairs over a tiny alphabet, where diffs are hardest.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let len_a = usize::try_from(next() % 40).unwrap_or(0);
            let len_b = usize::try_from(next() % 40).unwrap_or(0);
            let alphabet = ['a', 'b', 'c', '\n'];
            let a: String = (0..len_a).map(|_| alphabet[usize::try_from(next() % 4).unwrap_or(0)]).collect();
            let b: String = (0..len_b).map(|_| alphabet[usize::try_from(next() % 4).unwrap_or(0)]).collect();
            let runs = diff(&a, &b);
            assert_eq!(sides(&runs), (a.clone(), b.clone()), "{a:?} -> {b:?}");
            let optimal = a.chars().count() + b.chars().count() - 2 * lcs(&a, &b);
            assert_eq!(edits(&runs), optimal, "{a:?} -> {b:?}");
        }
    }

    #[test]
    fn large_texts_fall_back_to_lines_and_still_rebuild_both_sides() {
        let left: String = (0..20_000).map(|i| format!("line {i} of the left text\n")).collect();
        let right: String = (0..20_000).map(|i| if i % 1000 == 7 { format!("line {i} changed on the right\n") } else { format!("line {i} of the left text\n") }).collect();
        assert!(left.len() < MAX_TEXT_BYTES && left.len() * right.len() > CHAR_PRODUCT_LIMIT);
        let runs = diff(&left, &right);
        assert_eq!(sides(&runs), (left.clone(), right.clone()));
        // Only the 20 changed lines carry marks, and they were refined character by character.
        let h = html(&runs);
        let marked: Vec<&str> = h.lines().filter(|l| l.contains("<del>") || l.contains("<ins>")).collect();
        assert_eq!(marked.len(), 20);
        assert!(marked.iter().all(|l| l.starts_with("line ") && l.contains("<ins>")), "{:?}", &marked[..2]);
    }

    #[test]
    fn completely_different_large_texts_do_not_blow_up() {
        let left = "a".repeat(MAX_TEXT_BYTES);
        let right = "b".repeat(MAX_TEXT_BYTES);
        let runs = diff(&left, &right);
        assert_eq!(runs, vec![Run::Deleted(left.clone()), Run::Inserted(right.clone())]);
        let left: String = (0..30_000).map(|i| format!("{i}\n")).collect();
        let right: String = (0..30_000).map(|i| format!("{}\n", i * 7 + 1)).collect();
        let runs = diff(&left, &right);
        assert_eq!(sides(&runs), (left, right));
    }

    #[test]
    fn the_css_colours_removed_red_and_inserted_green() {
        assert!(CSS.contains(".asp-diff del") && CSS.contains("#b00020"));
        assert!(CSS.contains(".asp-diff ins") && CSS.contains("#0a6b2c"));
        assert!(CSS.contains("pre-wrap"));
    }
}
