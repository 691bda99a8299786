import { createHttpClient } from './http';
import { clearToken, getToken } from './token';
import { emit, notify } from './events';

export const httpClient = createHttpClient({
  getToken,
  onUnauthorized: () => {
    // The session is gone server-side; drop the token at once so no further call uses it, then let the shell
    // (ShellEventBridge) run react-admin's logout and redirect to the sign-in page.
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
  delete: (url, options) => call('DELETE', url, undefined, options),
};
