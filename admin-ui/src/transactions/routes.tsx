import { useSearchParams } from 'react-router';
import { routesFrom, type RouteDef } from '../ui/routing';
import transactions from './index';
import { TRANSACTION_VIEW, TRANSACTION_LIST_ROUTE } from './transactions';

/** The transaction resource and the permission it needs (App registers it for its holders). */
export const TRANSACTION_RESOURCE_DEFINITIONS = {
  transactions: { definition: transactions, permission: TRANSACTION_VIEW },
} as const;

// The menu's Transactions entry lands on `/transaction`, the same search; `/transaction?id=` is one transaction.
function TransactionOrSearch() {
  const [params] = useSearchParams();
  const Search = transactions.list;
  const Show = transactions.show;
  return params.get('id') ? <Show /> : <Search />;
}

export const TRANSACTION_ROUTES: RouteDef[] = [
  { path: TRANSACTION_LIST_ROUTE, page: transactions.list, permission: TRANSACTION_VIEW, resource: 'transactions' },
  { path: '/transaction', page: TransactionOrSearch, permission: TRANSACTION_VIEW, resource: 'transactions' },
];

export const transactionRoutes = () => routesFrom(TRANSACTION_ROUTES);
