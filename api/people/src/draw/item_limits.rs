//! An employee's own limits per item (EMP ItemLimit): a quantity of one CID per day, week, month or year. A
//! supervisor of the employee may override them (the draw names the supervisor, checked by
//! `employee::check_supervisor`).

use kernel::draw::{DrawError, DrawLimit, Drawer, LimitSource, Period};
use tenancy::TenantTx;

use super::repo;

pub fn period(word: &str) -> Option<Period> {
    match word {
        "day" => Some(Period::Day),
        "week" => Some(Period::Week),
        "month" => Some(Period::Month),
        "year" => Some(Period::Year),
        _ => None,
    }
}

pub async fn limits(tx: &mut TenantTx, drawer: &Drawer, cid_nos: &[i64]) -> Result<Vec<DrawLimit>, DrawError> {
    if cid_nos.is_empty() {
        return Ok(Vec::new());
    }
    let rows = repo::item_limits(tx, drawer.employee_id, cid_nos).await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| {
            Some(DrawLimit {
                source: LimitSource::Item { cid_no: r.cid_no, cust_item_code: r.cust_item_code },
                period: period(&r.period)?,
                amount: r.quantity.value(),
                overridable: true,
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stored_period_word_names_a_period() {
        let words = crate::employees::service::PERIODS;
        let periods: Vec<_> = words.iter().filter_map(|w| period(w)).collect();
        assert_eq!(periods, Period::ALL.to_vec());
        assert_eq!(period("fortnight"), None);
    }
}
