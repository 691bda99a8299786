// Addresses of the provider's self-service pages are deployment-specific; the spec names the entries but not the
// hosts, so they come from the build environment. Entries without an address are shown disabled.
const env = import.meta.env;

export const SELF_SERVICE_LINKS = [
  { label: 'Request Authorization Change', url: env.VITE_SELF_SERVICE_AUTH_CHANGE_URL },
  { label: 'Vendor Maintenance', url: env.VITE_SELF_SERVICE_VENDOR_URL },
  { label: 'Product Maintenance', url: env.VITE_SELF_SERVICE_PRODUCT_URL },
  { label: 'Service Desk Home', url: env.VITE_SERVICE_DESK_URL },
];

// Bug numbers of a release link to the team's bug tracker: `{bug}` in the address is replaced by the number.
// Without an address the numbers are shown as plain text.
export const BUG_TRACKER_URL = env.VITE_BUG_TRACKER_URL || '';

export function bugTrackerLink(bugNumber: string | number | null | undefined, template: string = BUG_TRACKER_URL): string | null {
  const bug = String(bugNumber ?? '').trim();
  if (!bug || !template) return null;
  return template.includes('{bug}') ? template.replaceAll('{bug}', encodeURIComponent(bug)) : `${template}${encodeURIComponent(bug)}`;
}

// The add-release form pre-fills 'Released By' and 'Approved By' with fixed names (spec 2, add release form).
export const RELEASED_BY_DEFAULT = env.VITE_RELEASE_RELEASED_BY || 'ASP Development Team';
export const APPROVED_BY_DEFAULT = env.VITE_RELEASE_APPROVED_BY || 'ASP Change Advisory Board';

// The legacy application's jump-box router (spec 1: host root plus path, site code as query parameter, a target
// page, an argument name and its value).
export const LEGACY_JUMP_PATH = env.VITE_LEGACY_JUMP_PATH || '/legacy/JumpBox';

export function legacyJumpUrl(
  { siteCode, page, argument, value }: { siteCode?: string | null; page: string; argument: string; value: unknown },
  base: string = LEGACY_JUMP_PATH,
): string {
  const query = new URLSearchParams({ site_code: siteCode || '', page, argument, value: String(value ?? '') });
  return `${base}?${query}`;
}
