// The http client and other non-React code need to raise toasts and dialogs; React components subscribe here
// (admin-ui: shell/ShellEventBridge.jsx; portal-ui: components/Toaster.jsx and App.jsx) so those modules stay free of
// React and react-admin and testable on their own.
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
