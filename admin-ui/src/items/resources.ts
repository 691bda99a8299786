// The item resources' calls for the data provider's registry (dataProvider/resources.ts spreads them in): resource
// name -> the API calls behind react-admin's getList, getOne and update. Paths, bodies and rows are checked against
// the generated OpenAPI types.
import type { Identifier } from 'react-admin';
import { callApi, type Schema } from '../shared/api';
import { pagedSearch, type ResourceCalls, type WithId } from '../dataProvider/search';
import { itemMasterCriteria, type ItemMasterFilter } from './itemMaster/itemMaster';
import { cipCriteria, type CipSearchForm } from './cips/cipSearch';
import { stationCriteria, type StationFilter } from './stations/stations';

const withId = <T extends object>(row: T, id: Identifier): WithId<T> => ({ ...row, id });

export const ITEM_RESOURCES = {
  itemMaster: {
    list: pagedSearch({
      path: '/V1/ItemMaster/Search/{type}',
      params: (filter: ItemMasterFilter) => ({ type: filter.type ?? 'all' }),
      criteria: itemMasterCriteria,
      id: (row) => row.item_id,
      exportable: true,
    }),
    getOne: async (id, options) => {
      const item = await callApi('get', '/V1/ItemMaster/Common/{id}', { ...options, path: { id: Number(id) } });
      return { data: withId(item, item.item_id) };
    },
    update: async ({ id, data }, options) => {
      const saved = await callApi('put', '/V1/ItemMaster/Maintenance/Update', {
        ...options,
        body: { ...(data as Schema<'ItemMasterMaintenanceInput'>), item_id: Number(id) },
      });
      return { data: withId(saved, saved.item_id) };
    },
  },
  cips: {
    list: pagedSearch({
      path: '/V1/Item/CIP/Search',
      criteria: (filter: Partial<CipSearchForm>) => cipCriteria(filter),
      id: (row) => row.cip_no,
      exportable: true,
    }),
  },
  stations: {
    list: pagedSearch({ path: '/V1/Crib/Station/Search', criteria: (filter: StationFilter) => stationCriteria(filter), id: (row) => row.station_id }),
  },
  kits: {
    list: pagedSearch({
      path: '/V1/Crib/Kit/Search',
      criteria: (filter: { text?: string | null }) => ({ text: filter.text?.trim() || null }),
      id: (row) => row.cip_no,
    }),
  },
} satisfies Record<string, ResourceCalls>;
