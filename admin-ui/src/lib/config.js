// Addresses of the provider's self-service pages are deployment-specific; the spec names the entries but not the
// hosts, so they come from the build environment. Entries without an address are shown disabled.
const env = import.meta.env;

export const SELF_SERVICE_LINKS = [
  { label: 'Request Authorization Change', url: env.VITE_SELF_SERVICE_AUTH_CHANGE_URL },
  { label: 'Vendor Maintenance', url: env.VITE_SELF_SERVICE_VENDOR_URL },
  { label: 'Product Maintenance', url: env.VITE_SELF_SERVICE_PRODUCT_URL },
  { label: 'Service Desk Home', url: env.VITE_SERVICE_DESK_URL },
];
