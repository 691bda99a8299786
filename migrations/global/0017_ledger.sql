-- Permissions of the stock ledger (issue 9, docs/stock-ledger.md): reading transactions, posting issues and
-- returns at the crib, posting the other movements (receipts, adjustments, scrap, transfers, reversals), and
-- correcting a CIP's average cost; the Transactions menu entry.
insert into asp.security_permission (security_permission_id, permission_name, description) values
    (3160, 'TransactionView', 'Search and view stock transactions'),
    (3161, 'TransactionIssue', 'Issue and return items at the crib'),
    (3162, 'TransactionPost', 'Post receipts, adjustments, scrap, transfers and reversals'),
    (3163, 'TransactionAvgCost', 'Correct a CIP''s average cost');

insert into asp.security_role_permission (security_role_id, security_permission_id)
select r.security_role_id, p.security_permission_id
from asp.security_role r join asp.security_permission p on
    (r.role_name = 'Administrator' and p.security_permission_id between 3160 and 3163)
 or (r.role_name = 'Buyer' and p.permission_name in ('TransactionView', 'TransactionAvgCost'))
 or (r.role_name = 'Warehouse' and p.permission_name in ('TransactionView', 'TransactionIssue', 'TransactionPost'))
 or (r.role_name = 'Support' and p.permission_name in ('TransactionView'))
on conflict do nothing;

-- The Transactions entry (Logistics) opens the console's transaction search now.
update asp.menu_item set required_permissions = array['TransactionView'] where page = 'transactions';
