import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from '../shared/api';

// react-admin shows 400s on the form fields itself, so the client must not toast them again.
export const dataProvider = simpleRestProvider('/api/admin', (url, options = {}) =>
  httpClient(url, { ...options, local400: true }),
);
