import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, type DataProvider } from 'react-admin';
import { httpClient } from '../shared/api';
import { createSearchDataProvider, type ExportingDataProvider } from './search';
import { SEARCH_RESOURCES, isSearchResource } from './resources';

// users, roles, permissions and sites: the simple-rest adapter under /api/admin. react-admin shows 400s on the form
// fields itself, so the client must not toast them again.
export const adminDataProvider = simpleRestProvider('/api/admin', (url, options = {}) =>
  httpClient(url, { ...options, local400: true }),
);

export const searchDataProvider = createSearchDataProvider(SEARCH_RESOURCES);

/** The one data provider of <Admin>: the registry's resources go to their spec calls, the rest to simple-rest. */
export type AspDataProvider = DataProvider & ExportingDataProvider;

export const dataProvider = combineDataProviders((resource) =>
  isSearchResource(resource) ? searchDataProvider : adminDataProvider,
) as AspDataProvider;
