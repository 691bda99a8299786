//! The people area's answer to the stock area's [`kernel::draw::DrawPolicy`]: who an employee is and whether they
//! may draw now, which tracking codes a draw carries and which limits apply. The ledger sums what was drawn and
//! enforces the limits. Each part lives in its own file: `employee` (who, PIN, abilities, defaults),
//! `group_limits` (employee groups and item groups), `item_limits` (an employee's limits per item), `tracking`
//! (tracking selection and tracking-code limits).

pub mod employee;
pub mod group_limits;
pub mod item_limits;
pub mod repo;
pub mod tracking;

use futures::future::BoxFuture;
use kernel::draw::{DrawError, DrawPolicy, DrawRules, Drawer, DrawerQuery, TrackingSelection};
use tenancy::TenantTx;

#[derive(Debug, Default, Clone, Copy)]
pub struct PeopleDrawPolicy;

impl DrawPolicy for PeopleDrawPolicy {
    fn find_drawer<'a>(&'a self, tx: &'a mut TenantTx, query: DrawerQuery<'a>) -> BoxFuture<'a, Result<Drawer, DrawError>> {
        Box::pin(employee::find_drawer(tx, query))
    }

    fn rules<'a>(
        &'a self,
        tx: &'a mut TenantTx,
        drawer: &'a Drawer,
        cid_nos: &'a [i64],
        tracking: &'a TrackingSelection,
        supervisor: Option<i64>,
    ) -> BoxFuture<'a, Result<DrawRules, DrawError>> {
        Box::pin(async move {
            employee::check_supervisor(tx, drawer, supervisor).await?;
            let (tracking, codes) = tracking::validate(tx, drawer, cid_nos, tracking).await?;
            let mut limits = group_limits::limits(tx, drawer, cid_nos, supervisor.is_some()).await?;
            limits.extend(item_limits::limits(tx, drawer, cid_nos).await?);
            limits.extend(tracking::limits(&codes));
            Ok(DrawRules { drawer: drawer.clone(), tracking, limits })
        })
    }
}
