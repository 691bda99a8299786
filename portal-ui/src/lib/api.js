import { createHttpClient } from './http';
import { clearToken, getToken } from './token';
import { emit, notify } from './events';

export const httpClient = createHttpClient({
  getToken,
  onUnauthorized: () => {
    clearToken();
    emit('unauthorized');
  },
  onOffline: () => emit('offline'),
  notify,
});

async function call(method, url, body, options) {
  const { json } = await httpClient(url, { ...options, method, body });
  return json;
}

export const api = {
  get: (url, options) => call('GET', url, undefined, options),
  post: (url, body, options) => call('POST', url, body, options),
  put: (url, body, options) => call('PUT', url, body, options),
};
