/** The permission that adds, removes and copies approved vendors (catalogue id 3220). */
export const APPROVED_VENDOR_EDIT = 'ApprovedVendorEdit';
export const VIEW_VENDORS = 'ViewVendors';
