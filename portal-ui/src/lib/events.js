// The http client raises toasts, logouts and the offline dialog here; components/Toaster.jsx and App.jsx listen,
// so lib/ stays free of React and testable on its own.
const listeners = new Map();

export function on(type, listener) {
  if (!listeners.has(type)) listeners.set(type, new Set());
  listeners.get(type).add(listener);
  return () => listeners.get(type).delete(listener);
}

export function emit(type, payload) {
  const set = listeners.get(type);
  if (!set) return;
  for (const listener of [...set]) listener(payload);
}

/** type: 'info' | 'success' | 'warning' | 'error' */
export function notify(message, type = 'info') {
  emit('notify', { message, type });
}
