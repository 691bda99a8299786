//! The transaction codes of spec 1 section 4, and what each does to each quantity column of a CIP: the one table
//! the posting function reads (docs/stock-ledger.md shows the same table; a test compares them).
//!
//! A movement names a code and a positive quantity; the effect of the row on each column is `quantity x factor`.
//! A reversal posts the same code with the factors negated and marks the original reversed.

/// A transaction code (spec 1 section 4): the name is the code shown, the number is `trans_code` in the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransCode {
    Iss,
    Rec,
    Pad,
    Ris,
    Nad,
    Rcb,
    Rrt,
    Ohp,
    Rfr,
    Ohn,
    Wrc,
    Rrc,
    Scr,
    Xer,
    Xpe,
    Crb,
}

/// What one code does to each CIP quantity column, per unit of the movement's (positive) quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    pub on_hand: i8,
    pub on_hold: i8,
    pub on_order: i8,
    pub backorder: i8,
    pub scrap: i8,
    pub work_order: i8,
    pub transfer: i8,
    pub excess: i8,
}

/// How a posted row of a code may be undone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reversal {
    /// By the general reverse (`Transaction/Reverse`): one new row with the opposite effect.
    General,
    /// Only by `Transaction/ReverseReceipt` (TRN-018), which also takes the receipt back out of the average cost.
    ReceiptOnly,
    /// Reversing both rows of the pair together (transfers).
    WithPair,
    /// Never: opening balances and count postings are corrected by a new count or adjustment.
    Never,
}

/// One row of the code table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeInfo {
    pub code: TransCode,
    /// `trans_code` as stored and sent (spec 1 section 4).
    pub id: i32,
    /// The three-letter code.
    pub name: &'static str,
    pub description: &'static str,
    pub effect: Effect,
    /// Whether a row of this code may take on hand below zero (a device has already dispensed what it reports).
    pub may_go_negative: bool,
    /// Usage per unit: issues count +1, returns -1 (usage = issues minus returns), others 0.
    pub usage: i8,
    /// Whether a row of this code moves the moving weighted average cost (receipts with a unit cost).
    pub moves_avg_cost: bool,
    pub reversal: Reversal,
}

const fn fx(on_hand: i8, on_hold: i8, on_order: i8, backorder: i8, scrap: i8, work_order: i8, transfer: i8, excess: i8) -> Effect {
    Effect { on_hand, on_hold, on_order, backorder, scrap, work_order, transfer, excess }
}

use Reversal::*;
use TransCode::*;

/// The code table. Columns of the effect: on hand, on hold, on order, backorder, scrap, work order, transfer,
/// excess.
pub const TABLE: [CodeInfo; 16] = [
    CodeInfo { code: Iss, id: 1, name: "ISS", description: "Issue to an employee", effect: fx(-1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 1, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Rec, id: 2, name: "REC", description: "Receipt (miscellaneous until purchase orders exist)", effect: fx(1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: true, reversal: ReceiptOnly },
    CodeInfo { code: Pad, id: 3, name: "PAD", description: "Positive adjustment", effect: fx(1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Ris, id: 5, name: "RIS", description: "Return to stock (of an issue)", effect: fx(1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: -1, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Nad, id: 6, name: "NAD", description: "Negative adjustment", effect: fx(-1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Rcb, id: 7, name: "RCB", description: "Receipt into the customer receiving bin (on hold until released)", effect: fx(0, 1, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Rrt, id: 9, name: "RRT", description: "Return to vendor", effect: fx(-1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Ohp, id: 10, name: "OHP", description: "On hand posted, plus (opening balance, count gain)", effect: fx(1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: Never },
    CodeInfo { code: Rfr, id: 11, name: "RFR", description: "Receipt from repair", effect: fx(1, 0, 0, 0, 0, -1, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Ohn, id: 14, name: "OHN", description: "On hand posted, minus (count loss)", effect: fx(-1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: Never },
    CodeInfo { code: Wrc, id: 15, name: "WRC", description: "Warehouse receipt (stock in transit from the warehouse arrives)", effect: fx(1, 0, 0, 0, 0, 0, -1, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Rrc, id: 16, name: "RRC", description: "Sent out for repair", effect: fx(-1, 0, 0, 0, 0, 1, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Scr, id: 17, name: "SCR", description: "Scrap", effect: fx(-1, 0, 0, 0, 1, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: General },
    CodeInfo { code: Xer, id: 19, name: "XER", description: "Transfer in (from another CIP of the site)", effect: fx(1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: WithPair },
    CodeInfo { code: Xpe, id: 28, name: "XPE", description: "Transfer out (to another CIP of the site), pending ERP export", effect: fx(-1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: false, usage: 0, moves_avg_cost: false, reversal: WithPair },
    CodeInfo { code: Crb, id: 33, name: "CRB", description: "Crib device issue (reported by a crib or vending device)", effect: fx(-1, 0, 0, 0, 0, 0, 0, 0), may_go_negative: true, usage: 1, moves_avg_cost: false, reversal: General },
];

impl TransCode {
    pub const ALL: [TransCode; 16] = [Iss, Rec, Pad, Ris, Nad, Rcb, Rrt, Ohp, Rfr, Ohn, Wrc, Rrc, Scr, Xer, Xpe, Crb];

    pub fn info(self) -> &'static CodeInfo {
        TABLE.iter().find(|c| c.code == self).expect("every code is in the table")
    }
    pub fn id(self) -> i32 {
        self.info().id
    }
    pub fn name(self) -> &'static str {
        self.info().name
    }
    pub fn from_id(id: i32) -> Option<TransCode> {
        TABLE.iter().find(|c| c.id == id).map(|c| c.code)
    }
    /// By the three-letter name, any case.
    pub fn parse(name: &str) -> Option<TransCode> {
        TABLE.iter().find(|c| c.name.eq_ignore_ascii_case(name.trim())).map(|c| c.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_one_row_and_round_trips() {
        for c in TransCode::ALL {
            assert_eq!(TABLE.iter().filter(|r| r.code == c).count(), 1);
            assert_eq!(TransCode::from_id(c.id()), Some(c));
            assert_eq!(TransCode::parse(&c.name().to_lowercase()), Some(c));
        }
        assert_eq!(TransCode::from_id(4), None);
    }

    #[test]
    fn only_device_issues_may_take_on_hand_below_zero_and_usage_is_issues_minus_returns() {
        let neg: Vec<_> = TABLE.iter().filter(|c| c.may_go_negative).map(|c| c.name).collect();
        assert_eq!(neg, ["CRB"]);
        assert_eq!(Iss.info().usage, 1);
        assert_eq!(Ris.info().usage, -1);
        assert_eq!(Scr.info().effect.scrap, 1);
    }
}
