// The transaction resource's calls for the data provider's registry: the SearchV2 search (with its Excel export
// twin) and the V2 detail.
import { callApi } from '../shared/api';
import { pagedSearch, type ResourceCalls } from '../dataProvider/search';
import { transactionCriteria, type TransactionSearchForm } from './transactions';

export const TRANSACTION_RESOURCES = {
  transactions: {
    list: pagedSearch({
      path: '/V1/Transaction/SearchV2',
      criteria: (filter: Partial<TransactionSearchForm>) => transactionCriteria(filter),
      id: (row) => row.tran_id,
      exportable: true,
    }),
    getOne: async (id, options) => {
      const d = await callApi('get', '/V1/Transaction/V2/{id}', { ...options, path: { id: Number(id) } });
      return { data: { ...d.transaction, id: d.transaction.tran_id } };
    },
  },
} satisfies Record<string, ResourceCalls>;
