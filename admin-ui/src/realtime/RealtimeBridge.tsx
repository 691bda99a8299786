import { useEffect } from 'react';
import { startRealtime } from './hub';
import { AlertToasts } from './AlertToasts';

/**
 * Mounted with the signed-in layout: opens the hubs for the user (and follows site switches and sign-out, see
 * hub.ts) and shows what they send as toasts. Leaving the layout (sign-out) closes both connections.
 */
export function RealtimeBridge() {
  useEffect(() => startRealtime(), []);
  return <AlertToasts />;
}
