import { useEffect } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { on } from '../shared/events';

/** Turns events raised outside React (http client, timers) into react-admin toasts and logouts. */
export function ShellEventBridge() {
  const notify = useNotify();
  const logout = useLogout();
  useEffect(() => on('notify', ({ message, type }) => notify(message, { type, multiLine: true })), [notify]);
  useEffect(() => on('unauthorized', () => logout()), [logout]);
  return null;
}
