// The dialog is shared with the portal; App imports it from here.
export { OfflineDialog, OFFLINE_MESSAGE, OFFLINE_POLL_MS, ONLINE_MESSAGE } from '../shared/components/OfflineDialog';
