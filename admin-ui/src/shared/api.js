import { createHttpClient } from './http';
import { clearToken, getToken } from './token';
import { emit, notify } from './events';

export const httpClient = createHttpClient({
  getToken,
  onUnauthorized: () => {
    // The session is gone server-side; drop the token at once so no further call uses it, then let the app
    // (admin-ui: ShellEventBridge runs react-admin's logout; portal-ui: App.jsx) return to the sign-in page.
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
  /** POST answering a binary file (exports): resolves to {blob, fileName}. */
  async postForBlob(url, body, options) {
    const answer = await httpClient(url, {
      ...options,
      method: 'POST',
      body,
      blob: true,
      headers: { Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' },
    });
    return { blob: answer.blob, fileName: fileNameOf(answer.headers) };
  },
};

/** The file name of a Content-Disposition header (`attachment; filename="AspExport.xlsx"`), or null. */
export function fileNameOf(headers) {
  const value = headers?.get?.('Content-Disposition') || '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(value);
  return match ? decodeURIComponent(match[1]) : null;
}
