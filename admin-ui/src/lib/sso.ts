import { completeSsoReturn as completeSharedSsoReturn } from '../shared/sso';
import { exchangeSsoCode } from './authProvider';

/**
 * Runs before the app mounts (main): the OIDC callback returns to `<origin>/#sso_code=...`; the code becomes a
 * console session (token, fresh user context, inactivity timer) through authProvider.
 */
export function completeSsoReturn(loc?: Location, history?: History): Promise<boolean> {
  return completeSharedSsoReturn(exchangeSsoCode, loc, history);
}
