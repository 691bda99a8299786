import { ResourceContextProvider } from 'react-admin';
import { Route, useSearchParams } from 'react-router';
import { RequirePermission } from '../ui';
import transactions from './index';
import { TRANSACTION_VIEW, TRANSACTION_LIST_ROUTE } from './transactions';

/** The transaction resource and the permission it needs (App registers it for its holders). */
export const TRANSACTION_RESOURCE_DEFINITIONS = {
  transactions: { definition: transactions, permission: TRANSACTION_VIEW },
} as const;

/** `/transaction/search` (the menu's Transactions entry lands on `/transaction`, the same search) and `/transaction?id=`. */
export function transactionRoutes() {
  const Search = transactions.list;
  const Show = transactions.show;
  const search = (
    <RequirePermission permission={TRANSACTION_VIEW}>
      <ResourceContextProvider value="transactions">
        <Search />
      </ResourceContextProvider>
    </RequirePermission>
  );
  return [
    <Route key={TRANSACTION_LIST_ROUTE} path={TRANSACTION_LIST_ROUTE} element={search} />,
    <Route
      key="/transaction"
      path="/transaction"
      element={
        <RequirePermission permission={TRANSACTION_VIEW}>
          <TransactionOrSearch search={search} show={<Show />} />
        </RequirePermission>
      }
    />,
  ];
}

function TransactionOrSearch({ search, show }: { search: React.ReactNode; show: React.ReactNode }) {
  const [params] = useSearchParams();
  return <>{params.get('id') ? show : search}</>;
}
