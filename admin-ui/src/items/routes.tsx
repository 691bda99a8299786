import { routesFrom, type RouteDef } from '../ui/routing';
import { BASIC_ACCESS } from './common';
import itemMaster from './itemMaster';
import { CustomFieldsPage } from './customFields/CustomFieldsPage';
import cips from './cips';
import stations from './stations';
import kits from './kits';
import { ItemPage } from './itemPage/ItemPage';
import { CipRedirect } from './itemPage/CipRedirect';

/**
 * The item resources and the permission each needs; App registers them as <Resource>s for its holders (their calls
 * are in items/resources.ts, spread into the data provider's registry).
 */
export const ITEM_RESOURCE_DEFINITIONS = {
  itemMaster: { definition: itemMaster, permission: BASIC_ACCESS },
  cips: { definition: cips, permission: BASIC_ACCESS },
  stations: { definition: stations, permission: BASIC_ACCESS },
  kits: { definition: kits, permission: BASIC_ACCESS },
} as const;

/** The item addresses of spec 1's route table and the item screens of issue 8. */
export const ITEM_ROUTES: (RouteDef & { resource?: keyof typeof ITEM_RESOURCE_DEFINITIONS })[] = [
  { path: '/item/itemMaster/search', resource: 'itemMaster', page: itemMaster.list, permission: BASIC_ACCESS },
  { path: '/item/itemMaster/search/:item_id', resource: 'itemMaster', page: itemMaster.show, permission: BASIC_ACCESS },
  { path: '/item/customFields', page: CustomFieldsPage, permission: BASIC_ACCESS },
  { path: '/item/search', resource: 'cips', page: cips.list, permission: BASIC_ACCESS },
  { path: '/item/cip/:cip_no', page: CipRedirect, permission: BASIC_ACCESS },
  { path: '/item/:cid_no/:cip_no', page: ItemPage, permission: BASIC_ACCESS },
  { path: '/item/stations', resource: 'stations', page: stations.list, permission: BASIC_ACCESS },
  { path: '/item/stations/:id', resource: 'stations', page: stations.show, permission: BASIC_ACCESS },
  { path: '/item/kits', resource: 'kits', page: kits.list, permission: BASIC_ACCESS },
  { path: '/item/kits/:cip_no', resource: 'kits', page: kits.show, permission: BASIC_ACCESS },
];

export const itemRoutes = () => routesFrom(ITEM_ROUTES);
