// Complete UserContext answers for tests, typed by the API document, so a test cannot rely on a field the server
// does not send.
import type { Schema } from '@asp/client/api';
import type { UserContext } from '../lib/roles';

type SiteInfo = Schema<'SiteInfo'>;
type CurrentUser = Schema<'CurrentUser'>;

export function site(siteCode: string, extra: Partial<SiteInfo> = {}): SiteInfo {
  return {
    site_id: 1,
    siteCode,
    site_name: siteCode,
    erpTypeID: 0,
    client_id: 1,
    client_code: siteCode.split('-')[0] ?? siteCode,
    app_type: 0,
    show_ctb_usage: false,
    asp8_rfq: false,
    customer_portal_catalog: false,
    ...extra,
  };
}

export interface ContextSpec {
  user?: Partial<CurrentUser>;
  /** Permission names at the current site. */
  perms?: string[];
  appType?: number;
  isPunchinUser?: boolean;
  currentSite?: SiteInfo;
  availableSites?: SiteInfo[];
}

export function userContext({
  user = {},
  perms = [],
  appType = 0,
  isPunchinUser = false,
  currentSite = site('ACME-N'),
  availableSites = [site('ACME-N'), site('ACME-S', { site_id: 2 })],
}: ContextSpec = {}): UserContext {
  return {
    currentUser: {
      asp_users_id: 9,
      user_id: 'u',
      fname: 'Pat',
      lname: 'Portal',
      fss_employee: false,
      supplier_portal_user: false,
      customer_portal_user: false,
      first_time_user: false,
      password_expired: false,
      ...user,
    },
    currentSite,
    availableSites,
    permissions: perms.map((permission_name, i) => ({ permission_name, security_permission_id: i })),
    aspUserSettings: [],
    aspShortcuts: [],
    menuItems: [],
    isPunchinUser,
    appType,
    passwordSetByAdministrator: false,
    passwordChangeQuestions: null,
  };
}
