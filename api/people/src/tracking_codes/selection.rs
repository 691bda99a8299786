//! The tracking selection rules, once: `ValidateTrackingCodeSelections/{event}` answers them, the draw policy
//! (`crate::draw::tracking`) refuses a draw with the first broken one. docs/tracking-codes.md lists them with their
//! messages.

use kernel::draw::{Drawer, TrackingSelection};
use tenancy::TenantTx;

use super::model::{SelectionProblem, TrackingLevel};
use super::repo;
pub use super::repo::CodeState;

/// When codes are asked (spec 4 section 4: tracking events Receipt, Issue, ItemMaint).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A receipt: levels timed OnReceipt (1) are asked.
    Receipt,
    /// An issue (a draw): levels timed OnIssue (2) are asked.
    Issue,
    /// Item maintenance (a CIP's default codes): nothing is required, defaults are not filled.
    ItemMaint,
}

impl Event {
    /// Does `level` ask for a code at this event?
    fn asks(self, level: &TrackingLevel) -> bool {
        match self {
            Event::Receipt => level.tracking_timing == 1,
            Event::Issue => level.tracking_timing == 2,
            Event::ItemMaint => false,
        }
    }
}

/// What is checked: the given codes or texts per level, and what fills empty levels.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    pub ids: [Option<i64>; 4],
    pub texts: [Option<String>; 4],
    /// The drawer's defaults (first), then the CIP's.
    pub employee_defaults: [Option<i64>; 4],
    pub cip_defaults: [Option<i64>; 4],
    pub cid_nos: Vec<i64>,
    pub group_ids: Vec<i64>,
}

impl Selection {
    /// The selection of `drawer`'s draw of `cid_nos` naming `given`, at the transaction's site. Empty levels are
    /// filled by the drawer's defaults, then by the CIP's (of the first of `cid_nos` stocked at the site); the groups'
    /// restrictions are those of the drawer's groups. A drawer built without defaults or groups has them read from
    /// the employee.
    pub async fn of_draw(tx: &mut TenantTx, drawer: &Drawer, cid_nos: &[i64], given: &TrackingSelection) -> Result<Self, sqlx::Error> {
        let site_id = tx.site_id();
        let mut employee_defaults = drawer.default_tracking;
        if employee_defaults.iter().all(Option::is_none) {
            if let Some((_, read)) = repo::employee_defaults(tx, drawer.employee_id).await? {
                employee_defaults = read;
            }
        }
        let group_ids = if drawer.group_ids.is_empty() { repo::groups_of_employee(tx, drawer.employee_id).await? } else { drawer.group_ids.clone() };
        Ok(Self {
            ids: given.ids,
            texts: given.free_form.clone(),
            employee_defaults,
            cip_defaults: repo::cip_defaults_of_cids(tx, site_id, cid_nos).await?,
            cid_nos: cid_nos.to_vec(),
            group_ids,
        })
    }
}

/// The selection after the rules: defaults filled, and the broken rules (none: valid).
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub ids: [Option<i64>; 4],
    pub texts: [Option<String>; 4],
    pub problems: Vec<SelectionProblem>,
    /// The chosen codes as read (limits come from here).
    pub codes: Vec<CodeState>,
}

fn problem(level: usize, text: bool, message: String) -> SelectionProblem {
    let n = level + 1;
    let field = if text { format!("trackingCode{n}Text") } else { format!("trackingCode{n}Id") };
    SelectionProblem { tracking_level_id: n as i64, field, message }
}

/// Applies the rules at `site_id` for `event`.
pub async fn check(tx: &mut TenantTx, site_id: i64, event: Event, s: &Selection) -> Result<Outcome, sqlx::Error> {
    let levels = repo::levels(tx, site_id).await?;
    let wanted: Vec<i64> = s.ids.iter().chain(s.employee_defaults.iter()).chain(s.cip_defaults.iter()).flatten().copied().collect();
    let known = repo::code_states(tx, &wanted).await?;
    let find = |id: i64| known.iter().find(|c| c.tracking_code_id == id && c.site_id == site_id);
    // (level, code) pairs the drawer's groups restrict them to, every level at once.
    let restricted = repo::group_restrictions(tx, &s.group_ids).await?;
    let mut out = Outcome::default();
    for (i, level) in levels.iter().enumerate() {
        let n = i + 1;
        let text = s.texts[i].as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
        let mut id = s.ids[i];
        if id.is_some() && text.is_some() {
            out.problems.push(problem(i, true, format!("Give a code or a free-form text for {}, not both.", level.description)));
            continue;
        }
        if !level.is_active {
            if id.is_some() || text.is_some() {
                out.problems.push(problem(i, text.is_some(), format!("Tracking level {n} is not in use at this site.")));
            }
            continue;
        }
        if let Some(t) = text {
            if level.can_free_form {
                out.texts[i] = Some(t);
            } else {
                out.problems.push(problem(i, true, format!("{} does not accept free-form text.", level.description)));
            }
            continue;
        }
        // Defaults: the drawer's, then the CIP's; a default that could not be used (inactive, suspended, of
        // another level) is passed over rather than refused, since nobody chose it.
        if id.is_none() && event != Event::ItemMaint {
            id = [s.employee_defaults[i], s.cip_defaults[i]]
                .into_iter()
                .flatten()
                .find(|d| find(*d).is_some_and(|c| c.tracking_level_id == n as i64 && c.is_active && !c.is_suspended));
        }
        let Some(id) = id else {
            if level.is_required && event.asks(level) {
                out.problems.push(problem(i, false, format!("{} is required.", level.description)));
            }
            continue;
        };
        let Some(code) = find(id) else {
            out.problems.push(problem(i, false, format!("Tracking code {id} does not exist.")));
            continue;
        };
        let number = &code.tracking_number;
        if code.tracking_level_id != n as i64 {
            out.problems.push(problem(i, false, format!("Tracking code {number} does not exist in this tracking level ({}).", level.description)));
            continue;
        }
        if !code.is_active {
            out.problems.push(problem(i, false, format!("Tracking code {number} is inactive.")));
            continue;
        }
        if code.is_suspended {
            out.problems.push(problem(i, false, format!("Tracking code {number} is suspended.")));
            continue;
        }
        if level.enable_item_restrictions && !s.cid_nos.is_empty() {
            let outside = repo::cids_outside_restriction(tx, id, &s.cid_nos).await?;
            if let Some(item) = outside.first() {
                out.problems.push(problem(i, false, format!("Tracking code {number} is not valid for item {item}.")));
                continue;
            }
        }
        // A level none of the groups restricts is open to every code of it.
        let restricts_level = restricted.iter().any(|(l, _)| *l == n as i64);
        if restricts_level && !restricted.contains(&(n as i64, id)) {
            out.problems.push(problem(i, false, format!("Tracking code {number} is not allowed for this employee's groups.")));
            continue;
        }
        out.ids[i] = Some(id);
        out.codes.push(code.clone());
    }
    Ok(out)
}
