//! The permission catalogue in code. `#[requires(...)]` names variants of [`Perm`], so a misspelt permission does
//! not compile into "403 for everyone"; a test (`api/tests/it/contract.rs`) proves every variant exists in the
//! seeded catalogue `asp.security_permission`. A permission added to the catalogue by a migration is added here in
//! the same change.

use std::fmt;

macro_rules! permissions {
    ($($name:ident = $id:literal, $doc:literal;)+) => {
        /// A permission of the catalogue; the variant's name is the permission's name.
        #[allow(clippy::upper_case_acronyms)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Perm {
            $(#[doc = $doc] $name,)+
        }

        impl Perm {
            /// Every permission, in catalogue order.
            pub const ALL: &'static [Perm] = &[$(Perm::$name,)+];

            /// The name stored in `asp.security_permission.permission_name`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Perm::$name => stringify!($name),)+
                }
            }

            /// The catalogue id (`security_permission_id`).
            pub const fn id(self) -> i64 {
                match self {
                    $(Perm::$name => $id,)+
                }
            }

            /// The permission named `name` exactly.
            pub fn parse(name: &str) -> Option<Perm> {
                Self::ALL.iter().copied().find(|p| p.as_str() == name)
            }
        }
    };
}

permissions! {
    BasicAccess = 1, "Home page and nearly every pop-up";
    RPTManage = 2, "Manage reports";
    ApproveRequisition = 1004, "Approve requisitions";
    LimitedVendorUser = 1270, "Limited vendor user";
    ViewVendors = 1286, "Vendor and manufacturer pop-ups";
    CustPortalAdmin = 1328, "Customer portal administration";
    CustPortalPunchIn = 1332, "Customer portal punch-in";
    CustPortalQuoting = 1333, "Customer portal quoting";
    FinanceUser = 2000, "Finance user";
    CustomerPortalUser = 2001, "Customer portal user (home page)";
    Buyer = 2002, "Buyer";
    VMIBuyer = 2003, "VMI buyer";
    UserAdminInternal = 2004, "User administration (internal)";
    UserAdminCustomer = 2005, "User administration (customer)";
    SuperUserAdmin = 2006, "Super user administration";
    ImpersonateUsers = 2019, "Act as another user (provider support)";
    AddPermissions = 2022, "Add permissions to the catalogue";
    IntegrationPortal = 2040, "Integration portal";
    UpdateVendor = 2054, "Update vendors";
    AddUpdateNetSuiteVendor = 2055, "Add or update NetSuite vendors";
    TNCUniversalMaintenance = 2057, "Terms and conditions: universal maintenance";
    TNCsiteMaintenance = 2058, "Terms and conditions: site maintenance";
    TNCView = 2059, "Terms and conditions: view";
    EditVendorSite = 2060, "Edit vendor site";
    CustomerPowerUser = 2088, "Customer power user";
    SetupSiteGroups = 2089, "Set up site groups";
    SharedVendorCostView = 2094, "Shared vendor cost: view (cost review tile and route)";
    SharedVendorCostEdit = 2095, "Shared vendor cost: edit";
    RFQSupplier = 2108, "RFQ supplier";
    CreateMarkup = 2111, "Create markup";
    ERPBILLINGMAINTENANCE = 2118, "ERP billing maintenance";
    FSSConnectAdmin = 3000, "Administrator tools and detailed build information";
    EmpView = 3001, "Employee pop-up";
    RFQBuyer = 3002, "Open RFQ tile and RFQ search type";
    VMIOrders = 3003, "Purchase order search type";
    ReqdViewer = 3004, "Requisition search type";
    InvFISPrice = 3005, "Average cost column in the item picker";
    BetaRequisition = 3006, "Requisition opens in the new screen";
    SystemImport = 3007, "Create-import export menu";
    SupplierPortalUser = 3008, "Supplier portal user";
    ItemEdit = 3010, "Maintain CIDs and CIPs: descriptions, flags, locations, replenishment settings, custom field values";
    ItemMasterMaintenance = 3011, "Maintain the item master (provider staff only)";
    CustomFieldAdmin = 3012, "Define custom fields and their possible values";
    CribDeviceAdmin = 3013, "Maintain crib stations, bins, kits and kanban";
    FileManage = 3014, "Upload, classify, move and delete files";
    ItemMerge = 3015, "Merge duplicate CIDs";
    ItemImageView = 3016, "Item image gallery pop-up";
    CIPSummaryView = 3017, "CIP summary pop-up";
    T1View = 3140, "Tracking codes of level 1: search, detail, pop-up";
    T2View = 3141, "Tracking codes of level 2: search, detail, pop-up";
    T3View = 3142, "Tracking codes of level 3: search, detail, pop-up";
    T4View = 3143, "Tracking codes of level 4: search, detail, pop-up";
    TrackingCodeEdit = 3144, "Create and change tracking codes: limits, suspension, supervisors, item restrictions";
    TrackingLevelAdmin = 3145, "Maintain the site's tracking levels (names, required, free form, timing)";
    EmpEdit = 3100, "Create, change and deactivate employees; supervisors, item limits and group memberships";
    EmpPinUpdate = 3101, "Set or clear an employee's PIN";
    EmpWorkflowFactorEdit = 3102, "Maintain employee workflow factors and their assignments";
    TransactionView = 3160, "Search and view stock transactions";
    TransactionIssue = 3161, "Issue and return items at the crib";
    TransactionPost = 3162, "Post receipts, adjustments, scrap, transfers and reversals";
    TransactionAvgCost = 3163, "Correct a CIP's average cost";
    CycleCountEnter = 3190, "Generate count sheets and enter counts (blind: the expected quantity is never shown)";
    CycleCountApprove = 3191, "Review count variances with their expected quantities; approve or reject them";
    CycleCountAdmin = 3192, "Cycle count plan and variance threshold settings of a site";
    APDReview = 3193, "Min/max tuning: review, accept or dismiss suggested min, max and reorder quantities";
    APDAdmin = 3194, "Min/max tuning settings of a site (service level, order cost, holding rate)";
    SharedVendorEdit = 3230, "Maintain shared vendors, their detail, site links and child records";
    EmployeeGroupView = 3120, "Employee groups: search and view, with their limits and relations";
    EmployeeGroupEdit = 3121, "Employee groups: create, change and delete, their limits and relations";
    DeviceTokenAdmin = 3180, "Issue, list and revoke the tokens crib and vending devices report with";
    VendorSearchAllSites = 3210, "Vendor search: every vendor of the client, ignoring the site rule and vendor restrictions";
    ApprovedVendorEdit = 3220, "Approved vendors: add, remove and copy the vendors approved for a manufacturer at a site";
    TypeListAdmin = 3200, "Edit the reference lists (type values): add, change and deactivate values; historic price methods of sites";
}

impl fmt::Display for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Names of `perms`, joined with " or " (how the guard and the document say "any one of these").
pub fn describe(perms: &[Perm]) -> String {
    perms.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_ids_are_unique_and_round_trip() {
        for p in Perm::ALL {
            assert_eq!(Perm::parse(p.as_str()), Some(*p));
            assert_eq!(Perm::ALL.iter().filter(|q| q.id() == p.id()).count(), 1, "{p}");
        }
        assert_eq!(Perm::parse("basicaccess"), None);
        assert_eq!(describe(&[Perm::BasicAccess, Perm::CustomerPortalUser]), "BasicAccess or CustomerPortalUser");
    }
}
