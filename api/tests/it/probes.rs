//! Generated cross-tenant probes (docs/testing.md, "Cross-tenant probes"): every operation of the OpenAPI document
//! that takes a record id — in its path, its query or its body, at any depth — is called with the id of a record
//! of **another client** and of **another site of the same client**, as users of several kinds. Nobody writes a
//! probe for a new operation: it is found in the document, and its id is recognised by its name.
//!
//! What must hold for every probe:
//! - the answer is 404, 403 or 400, or a 2xx that holds no record (an empty list or page: a search whose filter
//!   names a record the caller cannot see finds nothing);
//! - the database is unchanged: a digest of every tenant table and of the shared tables (less the append-only logs)
//!   is taken after each operation's probes and compared with the one before;
//! - no answer holds the canary of a site the caller cannot use. Planted rows (below) carry their site's canary in
//!   every text column, and a user per site is named after it; after the probes, every read (GET operations and
//!   POST searches) is called as every caller with its own ids, and checked the same way.
//!
//! How the test keeps itself honest:
//! - Ids of "another client" exist in that client's schema and are not the id of any record of the same table the
//!   caller can see (each schema numbers its rows from 1, so GEA's cip 3 is usually also ACME's cip 3, which the
//!   ACME caller may rightly read). So that every table has such ids, the test first plants, as the owner, one
//!   copy of an existing row per tenant table and site with an id no other site uses (9 000 000 + 1000 × site).
//! - Every id it finds is classified: probed as a tenant record, a site, a site code, a user, a punch-in location
//!   or a client, or skipped with a reason (provider data: the same for every client). A new id-like name that is
//!   neither fails `every_id_in_the_document_is_probed_or_skipped_for_a_reason` until someone classifies it.
//! - A probe counts as having reached the record check when it got past the permission check (the caller holds the
//!   operation's permission) and was refused there, or answered an empty result. Every probed id of every operation
//!   a tenant user may call must be reached at least once; operations only provider administrators may call
//!   (FSSConnectAdmin or SuperUserAdmin: they see every client by design) are probed, but only their permission
//!   check can answer.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use futures::StreamExt as _;
use reqwest::{Method, StatusCode};
use serde_json::{json, Map, Value};
use sqlx::PgPool;

use crate::common::{TestApp, PASSWORD};

/// Permissions that make their holder a provider administrator, who reaches every client by design.
const PROVIDER_PERMISSIONS: &[&str] = &["FSSConnectAdmin", "SuperUserAdmin"];

/// Shared-schema tables that change on their own or only grow: not part of "the database is unchanged".
const NOT_DIGESTED: &[&str] = &[
    "asp._sqlx_migrations",
    // Append-only logs: every request may add to them (refusals are audited and logged too).
    "asp.audit_event",
    "asp.error_log",
    "asp.object_audit_log",
    // The job scheduler's own bookkeeping: it runs in the background while the probes run.
    "asp.job",
    "asp.job_run",
];

/// Requests in flight at once (the probes of one operation, the reads of the sweep).
const CONCURRENCY: usize = 4;

/// Planted rows get `PLANT_BASE + 1000 * site_id`: no other site's row of the same table has that id.
const PLANT_BASE: i64 = 9_000_000;

const PROVIDER_CATALOGUE: &str = "provider data (one copy shared by every client), not a record of a client";

const VENDOR_RULE: &str = "vendors are client tier (no site to plant at): tests/it/vendors.rs probes another client's and another ERP company's vendor on every read";

/// The reference list the probes plant a value of every site in (`typeCode` of the list administration).
const PROBE_LIST: &str = "ShipMethod";

/// Codes that name a tenant record within its site: (the name as the document spells it, snake-cased; table; column).
const RECORD_CODES: &[(&str, &str, &str)] = &[
    ("cip_code", "cip", "cip_code"),
    ("cust_item_code", "cid", "cust_item_code"),
    ("employee_number", "employee", "employee_number"),
    ("badge_number", "employee", "badge_number"),
    ("tracking_number", "tracking_code", "tracking_number"),
    ("station_code", "station", "station_code"),
    ("bin_code", "station_bin", "bin_code"),
    ("tool_code", "kanban_bin", "tool_code"),
];

// ------------------------------------------------------------------------------------------------ the document

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Target {
    /// A row of a client-schema table, by its primary key.
    Tenant(String),
    /// A row of a client-schema table, by a code that names it within its site (table, column): a CIP's code, an
    /// employee's number. Probed in reads only: in a write the code is the written record's own text.
    Code(&'static str, &'static str),
    /// A reference-list value (`asp.type_value`) limited to one site: that site's client's data.
    TypeValue,
    Site,
    SiteCode,
    User,
    PunchinLocation,
    Client,
}

#[derive(Clone, Debug, PartialEq)]
enum Class {
    Probe(Target),
    Skip(&'static str),
}

#[derive(Clone, Debug, PartialEq)]
enum Step {
    Key(String),
    /// Every element of an array (the probe sets the first).
    Each,
}

#[derive(Clone, Debug, PartialEq)]
enum Loc {
    Path(String),
    Query(String),
    /// A key of the react-admin `filter` query parameter (a JSON object).
    Filter(String),
    Body(Vec<Step>),
}

#[derive(Clone, Debug)]
struct Slot {
    loc: Loc,
    /// The id's own name (the last key).
    name: String,
    class: Option<Class>,
}

impl Slot {
    fn describe(&self) -> String {
        match &self.loc {
            Loc::Path(n) => format!("path {n}"),
            Loc::Query(n) => format!("query {n}"),
            Loc::Filter(k) => format!("filter {k}"),
            Loc::Body(steps) => {
                let mut s = String::from("body ");
                for step in steps {
                    match step {
                        Step::Key(k) if s.ends_with(' ') => s.push_str(k),
                        Step::Key(k) => write!(s, ".{k}").unwrap(),
                        Step::Each => s.push_str("[]"),
                    }
                }
                s
            }
        }
    }
}

#[derive(Clone, Debug)]
struct Operation {
    method: Method,
    /// As in the document, below the `/api` server prefix.
    path: String,
    id: String,
    /// Any one of these is needed; empty for signed-in (or public) operations.
    permissions: Vec<String>,
    params: Vec<Value>,
    body: Option<Value>,
    slots: Vec<Slot>,
}

impl Operation {
    fn provider_only(&self) -> bool {
        !self.permissions.is_empty() && self.permissions.iter().all(|p| PROVIDER_PERMISSIONS.contains(&p.as_str()))
    }
}

/// The document as the generated tests read it (`openapi_walk`), with the probes' own operations (their slots).
struct Doc(crate::openapi_walk::Doc);

impl Doc {
    fn load() -> Self {
        Self(crate::openapi_walk::Doc::load())
    }

    fn resolve(&self, schema: &Value) -> Value {
        self.0.resolve(schema)
    }

    fn operations(&self) -> Vec<Operation> {
        let mut out = Vec::new();
        for (path, item) in self.0.0["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let line = api::openapi::permission_line(op).unwrap().trim_start_matches("Permissions: ");
                let permissions = if line == "public" || line.starts_with("signed-in") {
                    Vec::new()
                } else {
                    line.split(" or ").map(str::to_owned).collect()
                };
                let body = op.pointer("/requestBody/content").and_then(Value::as_object).and_then(|c| c.values().next()).map(|c| c["schema"].clone());
                out.push(Operation {
                    method: Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(),
                    path: path.clone(),
                    id: op["operationId"].as_str().unwrap().to_owned(),
                    permissions,
                    params: op.get("parameters").and_then(Value::as_array).cloned().unwrap_or_default(),
                    body,
                    slots: Vec::new(),
                });
            }
        }
        out.sort_by(|a, b| (&a.path, a.method.as_str()).cmp(&(&b.path, b.method.as_str())));
        out
    }

    /// Every id-like property of a body schema, at any depth.
    fn body_slots(&self, schema: &Value, prefix: &[Step], depth: usize, out: &mut Vec<(Vec<Step>, String)>) {
        if depth > 5 {
            return;
        }
        let schema = self.resolve(schema);
        if schema.get("type").and_then(Value::as_str) == Some("array") {
            let mut p = prefix.to_vec();
            p.push(Step::Each);
            self.body_slots(&schema["items"], &p, depth + 1, out);
            return;
        }
        for (name, sub) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
            let mut p = prefix.to_vec();
            p.push(Step::Key(name.clone()));
            let sub = self.resolve(sub);
            if id_like(name) {
                if sub.get("type").and_then(Value::as_str) == Some("array") {
                    p.push(Step::Each);
                }
                out.push((p, name.clone()));
            } else {
                self.body_slots(&sub, &p, depth + 1, out);
            }
        }
    }

    /// A minimal valid-looking value: required properties only, with plain values that pass the usual rules.
    fn sample(&self, schema: &Value, name: &str, depth: usize) -> Value {
        let schema = self.resolve(schema);
        if let Some(first) = schema.get("enum").and_then(Value::as_array).and_then(|e| e.first()) {
            return first.clone();
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") | None if depth < 6 => {
                let mut obj = Map::new();
                let required: BTreeSet<&str> = schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
                for (k, sub) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
                    if required.contains(k.as_str()) {
                        obj.insert(k.clone(), self.sample(sub, k, depth + 1));
                    }
                }
                Value::Object(obj)
            }
            Some("array") => {
                let min = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0);
                Value::Array((0..min).map(|_| self.sample(&schema["items"], name, depth + 1)).collect())
            }
            Some("integer") => json!(schema.get("minimum").and_then(Value::as_i64).unwrap_or(1).max(1)),
            Some("number") => json!(1.0),
            Some("boolean") => json!(false),
            Some("string") => {
                let lower = name.to_ascii_lowercase();
                let s = match schema.get("format").and_then(Value::as_str) {
                    Some("date-time") => "2026-01-15T00:00:00Z".to_owned(),
                    Some("date" | "naive-date") => "2026-01-15".to_owned(),
                    Some("email") => "probe@example.com".to_owned(),
                    _ if lower.contains("password") => PASSWORD.to_owned(),
                    _ if lower.contains("email") => "probe@example.com".to_owned(),
                    _ => "Probe".to_owned(),
                };
                let min = schema.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
                let max = schema.get("maxLength").and_then(Value::as_u64).map_or(usize::MAX, |m| m as usize);
                let mut s = if s.len() < min { s.repeat(min / s.len() + 1) } else { s };
                s.truncate(max.max(min));
                json!(s)
            }
            _ => Value::Null,
        }
    }

    /// Sets `value` at `steps` in `body`, creating what is missing (objects with their required properties, arrays
    /// with one element).
    fn set_at(&self, body: &mut Value, schema: &Value, steps: &[Step], value: Value) {
        let schema = self.resolve(schema);
        let Some((first, rest)) = steps.split_first() else {
            *body = value;
            return;
        };
        match first {
            Step::Key(k) => {
                if !body.is_object() {
                    *body = json!({});
                }
                let sub = schema.get("properties").and_then(|p| p.get(k)).cloned().unwrap_or(Value::Null);
                let obj = body.as_object_mut().unwrap();
                if rest.is_empty() {
                    obj.insert(k.clone(), value);
                    return;
                }
                let child = obj.entry(k.clone()).or_insert_with(|| self.sample(&sub, k, 0));
                self.set_at(child, &sub, rest, value);
            }
            Step::Each => {
                let items = self.resolve(&schema["items"]);
                if !body.is_array() || body.as_array().unwrap().is_empty() {
                    *body = json!([self.sample(&items, "", 0)]);
                }
                let first = &mut body.as_array_mut().unwrap()[0];
                self.set_at(first, &items, rest, value);
            }
        }
    }
}

/// Ids, numbers and codes: `id`, `*_id`, `*Id`, `*_no`, `*No`, `*Number`, `*_code`, `*Code` (and their plurals).
/// Many codes and numbers are attributes (a postal code, a vendor's account number); `classify` says so with the
/// reason, so that a new one is looked at before it is taken for a text.
fn id_like(name: &str) -> bool {
    name == "id" || ["_id", "Id", "ID", "_ids", "Ids", "_no", "No", "_nos", "Nos", "Number", "_code", "Code"].iter().any(|s| name.ends_with(s))
}

/// `TrackingCode` -> `tracking_code`, `CIP` -> `cip`.
fn snake(s: &str) -> String {
    let mut out = String::new();
    let mut previous_upper = true;
    for c in s.chars() {
        if c.is_ascii_uppercase() && !previous_upper {
            out.push('_');
        }
        previous_upper = c.is_ascii_uppercase();
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// Which tables the ids of the document can name, read from the database: primary-key column -> table.
struct Catalogue {
    /// Client-schema tables (the same in every client schema) and their single-column primary keys.
    tenant_pk: BTreeMap<String, String>,
    /// Primary-key column -> table, for tenant tables and the shared schema.
    by_pk: HashMap<String, String>,
}

impl Catalogue {
    async fn read(pool: &PgPool) -> Self {
        let rows: Vec<(String, String, String)> = sqlx::query_as(
            "select tc.table_schema::text, tc.table_name::text, min(k.column_name)::text from information_schema.table_constraints tc
               join information_schema.key_column_usage k using (constraint_schema, constraint_name)
              where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema in ('asp', 'client_acme') and tc.table_name <> '_sqlx_migrations'
              group by 1, 2 having count(*) = 1",
        )
        .fetch_all(pool)
        .await
        .unwrap();
        let mut tenant_pk = BTreeMap::new();
        let mut by_pk = HashMap::new();
        for (schema, table, pk) in rows {
            // A search side table's rows are its base table's, written by its triggers (planted with them); no
            // operation takes their key.
            if tenancy::SEARCH_SIDE_TABLES.contains(&table.as_str()) {
                continue;
            }
            // Client-tier tables have no site to plant at: the schema alone isolates them (another client's rows are
            // not on the search path), and the vendor rule is probed by tests/it/vendors.rs.
            if schema == "client_acme" && tenancy::CLIENT_TIER_TABLES.contains(&table.as_str()) {
                continue;
            }
            if schema == "client_acme" {
                tenant_pk.insert(table.clone(), pk.clone());
                by_pk.insert(pk, table);
            } else {
                by_pk.entry(pk).or_insert(format!("asp.{table}"));
            }
        }
        Self { tenant_pk, by_pk }
    }
}

/// What an id is: the only place that knows the meaning of the document's names. Answers `None` for an id it has
/// no rule for, which fails the classification test (add a rule, or a skip with its reason).
fn classify(op: &Operation, loc: &Loc, name: &str, cat: &Catalogue) -> Option<Class> {
    use Class::{Probe, Skip};
    // Decisions about one operation.
    match (op.id.as_str(), name) {
        // Shared vendors and their cost catalogues (docs/shared-vendors.md, docs/costs.md) are provider data: one copy
        // for every client, written only by provider staff. A client's own records reached through them (its vendors,
        // its sites' links, the review of its CIPs) are filtered to the caller's client and current site;
        // shared_vendors.rs and costs.rs prove another client's vendors and sites never show.
        (id, "site_id") if id.starts_with("sharedVendor") => {
            return Some(Skip("a shared vendor's site link is written by provider staff (SharedVendorEdit); shared_vendors.rs proves another client's site answers 404"))
        }
        (id, _) if id.starts_with("sharedVendor") && !matches!(name, "cip_no" | "vend_code") => return Some(Skip(PROVIDER_CATALOGUE)),
        ("vendorGetCatalogHeaderByItemIdAndVendCode", "itemId") => return Some(Skip(PROVIDER_CATALOGUE)),
        ("addressPost", "address_id") => return Some(Skip("a create ignores address_id: the new address is made at the current site")),
        ("adminCreateUser" | "adminUpdateUser", "user_id") => return Some(Skip("the login name, not a record id")),
        ("adminCreateSite" | "adminUpdateSite", "erp_type_id") => return Some(Skip("the kind of ERP, a fixed code, not a record")),
        // Vendors (docs/vendors.md) are client tier: no site to plant one at, and ids repeat across client schemas.
        // tests/it/vendors.rs plants another client's and another ERP company's vendor and proves that every by-id and
        // by-code read, the searches and every write answer 404 (unchanged) for them.
        ("vendorGetHoverById" | "vendorGetHoverBuyerById" | "vendorGetCommonById", "id") => return Some(Skip(VENDOR_RULE)),
        ("vendorGetAuditDetailByAuditId" | "vendorGetVendorSiteAuditDetailByAuditId", "auditId") => {
            return Some(Skip("an audit event of a client's vendor: vendors.rs proves another client's and another site's answer 404"))
        }
        (
            "vendorPostInsert" | "vendorPostInsertVMI" | "vendorPostInsertNetSuite" | "vendorPostVendorValidate" | "vendorPostVendorHeaderUpdate"
            | "vendorPostVendorLocationUpdate" | "vendorPostVendorIdentificationUpdate" | "vendorPostVendorBillingUpdate"
            | "vendorPostVendorMiscellaneousUpdate" | "vendorPostVendorNetSuiteUpdate" | "vendorPostUpdateHiddenById",
            _,
        ) => {
            return Some(Skip(
                "UpdateVendor or AddUpdateNetSuiteVendor, which no probe user holds; vendors.rs proves another client's and another ERP company's vendor answer 404 unchanged and another site's code 400",
            ))
        }
        ("vendorPostGetBySearchCriteria" | "vendorPostGetByQuickSearchCriteria", "asp_user_id") => return Some(Probe(Target::User)),
        ("vendorPostGetBySearchCriteria" | "vendorPostGetByQuickSearchCriteria", "erp_type_id" | "vmi_erp_type_id" | "currency_code_type_id") => {
            return Some(Skip("an ERP type or a reference list value (asp.type_value): the same codes for every client"))
        }
        ("alertAuditingGetType", "type_id") => return Some(Skip("alert types: provider data")),
        ("userPostContactInfoUpdate", "mobile_carrier_id") => return Some(Skip("a mobile carrier (asp.mobile_carrier): the same list for every client")),
        (id, "asp_notification_type_id" | "notification_category_id") if id.starts_with("alerts") => {
            return Some(Skip("alert types and categories: provider data"))
        }
        (id, "userId") if id.starts_with("alerts") || id.starts_with("alertInbox") => {
            return Some(Skip("whose alert settings or inbox: another user's answers 404 (alerts.rs proves it); the site and notification ids are probed"))
        }
        // What the browser says it was showing, stored as text in the provider's bug tracker and error log: no
        // record of that site is read or written (the audit row of a bug report names the caller's real site).
        ("submitBugReport" | "logApplicationError", "site_code") => return Some(Skip("the reporter's own words about where it was, stored as text")),
        ("adminCreatePermission" | "adminUpdatePermission", "id") => return Some(Skip("roles and the permission catalogue are shared by every client")),
        // CIDs (docs/cid.md): the history's id is a CID; the item master is the provider's one catalogue; ABC a fixed code.
        ("itemCidGetAuditDetailById", "id") => return Some(Probe(Target::Tenant("cid".into()))),
        ("itemCidPost" | "itemCidGetCheckCIDExists" | "itemCidPutItemMaster", "item_id") | ("itemCidV2GetItemMasterByItemId", "itemId") => return Some(Skip(PROVIDER_CATALOGUE)),
        ("itemCidGetCheckCustNumberExists" | "itemCidGetCheckCustNumberExistsSameUOM" | "itemCidGetCheckCustNumberExistsDifferentUOM", "cid_no") => {
            return Some(Skip("the CID being edited, left out of a duplicate check of the site's own customer part numbers: the answer names only the caller's site's CIDs (its cust_item_code is probed)"))
        }
        ("itemCidPost" | "itemCidPutABC", "curr_abc_class_type_id") => return Some(Skip("the ABC class, a fixed code (A 1 ... D 4), not a record")),
        // Files (docs/files.md): a record's id is a CID's with the first entityType (CID), which the probes send.
        ("fileGetEntityIDEntityTypeByIdAndType", "id") | ("fileGetDefault" | "fileDeleteFromEntity" | "filePostSearch", "entityID") => return Some(Probe(Target::Tenant("cid".into()))),
        ("filePostInsert" | "filePutAzure", _) => return Some(Skip("a multipart upload, which the probes do not send; files.rs proves another site's record answers 404")),
        (_, "file_classification_type_ID") | ("fileGetItemImages", "item_id") => return Some(Skip(PROVIDER_CATALOGUE)),
        // CIPs and crib devices (docs/cip.md): history and common take a CIP; defaults name an employee; item and status are
        // the provider's catalogue and a fixed code; exports are proved by cips.rs and devices.rs.
        ("itemCipGetAuditDetailById" | "itemCipGetCommonById", "id") => return Some(Probe(Target::Tenant("cip".into()))),
        ("itemCipPostDefaultsUpdate", "default_employee_id") => return Some(Probe(Target::Tenant("employee".into()))),
        ("itemCipGetTrackingCodeByTrackingCodeId", "trackingCodeId") => return Some(Probe(Target::Tenant("tracking_code".into()))),
        (id, "item_id") if id.starts_with("itemCip") => return Some(Skip(PROVIDER_CATALOGUE)),
        (id, "status_id") if id.starts_with("itemCip") => return Some(Skip("an item status, a fixed code (Active 1 ... RejectedItemAdd 10), not a record")),
        ("itemCipPostSearchExport", _) => return Some(Skip("a workbook, not JSON; itemCipPostSearch takes the same filters and is probed")),
        // Tracking codes (docs/tracking-codes.md): ids name codes; the level is a number 1-4 of the current site; the
        // level settings need TrackingLevelAdmin, which no probe user holds (tracking_codes.rs proves another
        // client's site answers 404).
        ("trackingCodeGetAuditDetailById" | "trackingCodeGetReferenceById" | "trackingCodeGetV2ById", "id")
        | ("trackingCodePostAddSupervisor", "trackingCodeIds")
        | ("trackingCodePutMin2Update" | "trackingCodePutMin3Update" | "trackingCodePutUpdate", "trackingCodeId")
        | ("trackingCodePostValidateTrackingCodeSelectionsByX", "trackingCode1Id" | "trackingCode2Id" | "trackingCode3Id" | "trackingCode4Id") => {
            return Some(Probe(Target::Tenant("tracking_code".into())))
        }
        (id, "trackingLevelID") if id.starts_with("trackingCode") => return Some(Skip("a tracking level number (1-4) of the current site, not a record id")),
        (id, "suspensionReasonID") if id.starts_with("trackingCode") => return Some(Skip("a suspension reason, a fixed code (1-4), not a record")),
        ("trackingCodePutTrackingLevelUpdate", "site_id") => {
            return Some(Skip("TrackingLevelAdmin, which no probe user holds; tracking_codes.rs proves another client's site answers 404 unchanged"))
        }
        // Employees and workflow factors (docs/employees.md): ids of employees, their supervisors and factors. The
        // changes need EmpEdit, EmpPinUpdate or EmpWorkflowFactorEdit, which no probe user holds; employees.rs proves
        // another site's and another client's records answer 404 (or 400 for lists of ids) unchanged.
        ("employeePost" | "employeePut" | "employeeDelete" | "employeePostAddSupervisor" | "employeePostEmployeeGroupUpdate" | "employeePostItemLimit"
        | "employeePutPinUpdateByIdAndPin" | "workflowPostEmployee" | "workflowPutEmployee" | "workflowPostEmployeeAssignedUpdate", _) => {
            return Some(Skip("EmpEdit, EmpPinUpdate or EmpWorkflowFactorEdit, which no probe user holds; employees.rs proves another site's records answer 404 unchanged"))
        }
        ("employeePostEmployeeSearchExport", _) => return Some(Skip("a workbook, not JSON; employeePostEmployeeSearch takes the same filters and is probed")),
        (id, "id") if id.starts_with("employee") => return Some(Probe(Target::Tenant("employee".into()))),
        (id, "employeeID" | "employeeIds" | "supervisor_id") if id.starts_with("employee") => return Some(Probe(Target::Tenant("employee".into()))),
        (_, "wfl_employee_workflow_factor_ID") => return Some(Probe(Target::Tenant("wfl_employee_workflow_factor".into()))),
        (id, "suspensionReasonID") if id.starts_with("employee") => return Some(Skip("a suspension reason, a fixed code, not a record")),
        ("employeePostEmployeeSupervisorSearch" | "workflowPostUserAssignments", "user_id") => return Some(Probe(Target::User)),
        ("workflowPostEmployeeAssignedSearch", "employeeID") => return Some(Probe(Target::Tenant("employee".into()))),
        ("workflowGetEmployeeAuditDetailByAuditId", "audit_id") => return Some(Probe(Target::Tenant("wfl_employee_workflow_factor".into()))),
        ("workflowGetItemWorkflowGroupsByAAndB", "type_workflow_id") => return Some(Skip("a requisition workflow type, a fixed code (ItemAdd 1 ... CustomerQuote 9), not a record")),
        // Cycle counts and min/max tuning (docs/cycle-counts.md, docs/min-max-tuning.md): a warning type is a fixed code.
        ("apdPostSearch", "warn_type_id") => return Some(Skip("a min/max warning type, a fixed code (1 ... 5), not a record")),
        // Stock ledger (docs/stock-ledger.md): a transaction's ids name ledger rows. Posting needs TransactionIssue or
        // TransactionPost, which no probe user holds; ledger.rs proves another site's CIP or row answers 404 unchanged.
        ("transactionGetById" | "transactionGetV2ById" | "transactionGetMin1ById" | "transactionGetAuditDetailById", "id")
        | ("transactionGetInvoiceByTranId", "tranId") => return Some(Probe(Target::Tenant("stock_transaction".into()))),
        ("transactionGetListTranIDByX", "x") => return Some(Skip("a comma-separated list of ids; only the current site's rows answer (ledger.rs)")),
        ("transactionPostIssue" | "transactionPostReturn" | "transactionPostAdjust" | "transactionPostScrap" | "transactionPostReceipt"
        | "transactionPostTransfer" | "transactionPostReverse" | "transactionPostReverseReceipt" | "transactionPostKanban"
        | "transactionPutPackingList" | "transactionPutResetXPEByX", _) => {
            return Some(Skip("TransactionIssue or TransactionPost, which no probe user holds; ledger.rs proves another site's records answer 404 unchanged"))
        }
        ("transactionPostSearchV2Export", _) => return Some(Skip("a workbook, not JSON; transactionPostSearchV2 takes the same filters and is probed")),
        // Employee groups (docs/employee-groups.md): changes need EmployeeGroupEdit, which no probe user holds; the
        // tracking level is a number 1-4.
        ("employeeGroupPostGroup" | "employeeGroupPutGroup" | "employeeGroupDeleteGroupByAAndB" | "employeeGroupPostAssets" | "employeeGroupPostAssetsUpdate"
        | "employeeGroupDeleteAssetsByAAndBAndC" | "employeeGroupDeleteAssignedDeleteByAAndEmployeeNumber" | "employeeGroupPostAssignedInsert"
        | "employeeGroupPostAssignedUpdate" | "employeeGroupDeleteDeliveryLocationDeleteByAAndB" | "employeeGroupPostDeliveryLocationInsert"
        | "employeeGroupPostDeliveryLocationUpdate" | "employeeGroupPostItemGroupLimits" | "employeeGroupPutItemGroupLimits"
        | "employeeGroupDeleteItemGroupLimitsByAAndBAndC" | "employeeGroupPostTrackingRestrictionUpdate", _) => {
            return Some(Skip("EmployeeGroupEdit, which no probe user holds; employee_groups.rs proves another client's group answers 404 unchanged to every change"))
        }
        (id, "tracking_level_id") if id.starts_with("employeeGroup") => return Some(Skip("a tracking level number (1-4) of the group's site, not a record id")),
        // Devices (docs/devices.md): tokens are DeviceTokenAdmin's, which no probe user holds; a report is a device's
        // call (header Token, no session). device_reports.rs proves another site's tokens and records are not reached.
        ("deviceTokenPost" | "deviceTokenDeleteById" | "deviceTransactionsPost", _) => {
            return Some(Skip("DeviceTokenAdmin or a device token, which no probe user holds; device_reports.rs proves another site's records are not reached"))
        }
        // Vendor sites and approved vendors (docs/vendor-sites.md): a copy names its source and target sites; an item
        // of the item master is the provider's catalogue (the CIP is probed).
        ("vendorPostCopyApproved", "from_site_id" | "to_site_id" | "to_site_ids") => return Some(Probe(Target::Site)),
        ("vendorPostApprovedVendorsItem", "item_id") => return Some(Skip(PROVIDER_CATALOGUE)),
        // The vendor of an RFQ (docs/vendors.md): the id names a site-tier RFQ vendor row.
        ("vendorGetMinRFQByRfqVendorId", "rfqVendorId") => return Some(Probe(Target::Tenant("rfq_vendor".into()))),
        // The item master (docs/item-master.md): the provider's one catalogue; only its CID and site ids are a client's.
        ("itemMasterGetCommonByIdAndSiteId", "siteId") => return Some(Probe(Target::Site)),
        (id, n) if id.starts_with("itemMaster") && n != "cid" => return Some(Skip(PROVIDER_CATALOGUE)),
        _ => {}
    }
    // Provider tools: releases, glossary, developer help, jobs, error log and its filters, DDL capture. (The reference
    // lists under /V1/Type/ are probed: a value limited to a site is that site's client's data.)
    if op.path.starts_with("/V1/DevOps/") {
        return Some(Skip(PROVIDER_CATALOGUE));
    }
    if let Loc::Filter(key) = loc {
        return match (op.path.as_str(), key.as_str()) {
            ("/admin/users", "id") => Some(Probe(Target::User)),
            ("/admin/users", "site_id") | ("/admin/sites", "id") => Some(Probe(Target::Site)),
            ("/admin/users", "site_code") => Some(Probe(Target::SiteCode)),
            ("/admin/sites", "client_id") => Some(Probe(Target::Client)),
            ("/admin/roles" | "/admin/permissions", _) => Some(Skip("roles and the permission catalogue are shared by every client")),
            _ => None,
        };
    }
    // A path's own {id}: the record the path names.
    if matches!(loc, Loc::Path(_)) && name == "id" {
        let base = op.path.split("/{id}").next().unwrap();
        return match base {
            "/V1/AlertAuditing" => Some(Probe(Target::Tenant("notification".into()))),
            "/V1/Site" | "/admin/sites" | "/V1/Cart/GetPunchinLocationsBySiteId" => Some(Probe(Target::Site)),
            "/V1/User" | "/admin/users" => Some(Probe(Target::User)),
            "/admin/roles" | "/admin/permissions" => Some(Skip("roles and the permission catalogue are shared by every client")),
            b if b.starts_with("/V1/File/") => Some(Probe(Target::Tenant("file".into()))),
            _ => {
                // /V1/<Table>/{id} and /V1/<Area>/<Table>/{id}: the segment is the table's name.
                let table = snake(base.rsplit('/').next().unwrap());
                cat.tenant_pk.contains_key(&table).then_some(Probe(Target::Tenant(table)))
            }
        };
    }
    match name {
        "site_code" | "hasAccessToSiteCode" => return Some(Probe(Target::SiteCode)),
        "hasAccessToSiteId" => return Some(Probe(Target::Site)),
        "permission_ids" => return Some(Skip("roles and the permission catalogue are shared by every client")),
        _ => {}
    }
    // camelCase as the database spells it, one of a list as one.
    let snake_name = snake(name);
    let singular = snake_name.strip_suffix('s').filter(|s| s.ends_with("_id") || s.ends_with("_no")).map_or_else(|| snake_name.clone(), str::to_owned);
    match singular.as_str() {
        "page_number" => return Some(Skip("the page of a list")),
        "type_code" => return Some(Skip("a reference list's code (asp.type_list): the same lists for every client; their values are probed by typeValueId")),
        "value_id" => return Some(Skip("a value's number within its list (what records store), not a record id: unique only per list and scope")),
        "erp_type_id" => return Some(Skip("an ERP type, a fixed code (an 'ERPType' value), not a record")),
        "ecs_id" => return Some(Skip("a site ERP/customer code number: no record of the product yet (docs/type-lists.md)")),
        "question_id" => return Some(Skip("a security question of the provider's catalogue (asp.security_question), the same for every client")),
        "trans_code" => return Some(Skip("a transaction code, a fixed code (ISSUE, RETURN, ...), not a record")),
        "field_no" => return Some(Skip("a custom field's number (1-20) at the current site, not a record id")),
        "vend_code" | "consigned_vend_code" | "nonconsigned_vend_code" | "remit_to_vend_code" => return Some(Skip(VENDOR_RULE)),
        "po_no" | "req_no" | "wo_no" | "erp_po_no" | "pack_no" => {
            return Some(Skip("a purchase order, requisition, work order or packing list number kept as text on ledger rows and alerts: no record of the product yet"))
        }
        "account_no" | "division_no" | "sxe_code" | "filter_sxe_code" | "cust_code" | "terms_code" | "pay_terms_code" | "postal_code" | "serial_no" => {
            return Some(Skip("an attribute a record stores as text (an account, an ERP code, a postal code, a serial number), not a reference to a record"))
        }
        "mfg_code" | "mfg_part_no" | "commodity_code" | "haz_code" | "sat_code" | "export_country_code" | "erp_item_code" | "erp_vmi_item_code"
        | "alternate_part_no" | "vendor_part_no" => return Some(Skip(PROVIDER_CATALOGUE)),
        _ => {}
    }
    // A code that names a tenant record: probed where it is read; in a write it is the record's own text.
    let code = singular.strip_prefix("new_").unwrap_or(&singular);
    if let Some((_, table, column)) = RECORD_CODES.iter().find(|(n, ..)| *n == code) {
        let read = op.method == Method::GET || op.path.to_ascii_lowercase().contains("search") || op.path.contains("FieldDistinctValues");
        return Some(if read { Probe(Target::Code(table, column)) } else { Skip("the written record's own code (a text it stores), not a reference to another record") });
    }
    // Otherwise the name is a primary key's, or ends with one (`buddy_cip_no`, `restricted_cid_nos`).
    let table = cat.by_pk.get(&singular).or_else(|| {
        let parts: Vec<&str> = singular.split('_').collect();
        (1..parts.len().saturating_sub(1)).find_map(|i| cat.by_pk.get(&parts[i..].join("_")))
    })?;
    Some(match table.as_str() {
        "asp.site" => Probe(Target::Site),
        "asp.asp_users" => Probe(Target::User),
        "asp.punchin_location" => Probe(Target::PunchinLocation),
        "asp.client" => Probe(Target::Client),
        "asp.type_value" => Probe(Target::TypeValue),
        "asp.security_role" | "asp.security_permission" => Skip("roles and the permission catalogue are shared by every client"),
        "asp.homepage_tile" | "asp.shortcut" | "asp.menu_item" => Skip("the console's tiles, shortcuts and menu: the same catalogue for every client"),
        "asp.type_notification" | "asp.release" | "asp.glossary_term" | "asp.developer_help" | "asp.job" | "asp.asp_error_log_filter"
        | "asp.object_audit_log" | "asp.training_link" | "asp.security_question" => Skip(PROVIDER_CATALOGUE),
        t if cat.tenant_pk.contains_key(t) => Probe(Target::Tenant(t.to_owned())),
        _ => return None,
    })
}

/// The id-like keys each react-admin list's `filter` reads (admin::rest::model): the document only says "a JSON
/// object", so they are listed here; a list not listed fails the classification test.
fn filter_keys(path: &str) -> Option<&'static [&'static str]> {
    match path {
        "/admin/users" => Some(&["id", "site_id", "site_code"]),
        "/admin/sites" => Some(&["id", "client_id"]),
        "/admin/roles" | "/admin/permissions" => Some(&["id"]),
        _ => None,
    }
}

fn operations_with_slots(doc: &Doc, cat: &Catalogue) -> Vec<Operation> {
    let mut ops = doc.operations();
    for op in &mut ops {
        let mut slots = Vec::new();
        for p in &op.params {
            let name = p["name"].as_str().unwrap();
            let loc = if p["in"] == "path" { Loc::Path(name.to_owned()) } else { Loc::Query(name.to_owned()) };
            if name == "filter" && p["in"] == "query" {
                match filter_keys(&op.path) {
                    Some(keys) => {
                        for key in keys {
                            let loc = Loc::Filter((*key).to_owned());
                            let class = classify(op, &loc, key, cat);
                            slots.push(Slot { loc, name: (*key).to_owned(), class });
                        }
                    }
                    None => slots.push(Slot { loc: Loc::Query(name.to_owned()), name: name.to_owned(), class: None }),
                }
            } else if id_like(name) {
                let class = classify(op, &loc, name, cat);
                slots.push(Slot { loc, name: name.to_owned(), class });
            }
        }
        if let Some(schema) = &op.body {
            let mut found = Vec::new();
            doc.body_slots(schema, &[], 0, &mut found);
            for (steps, name) in found {
                let loc = Loc::Body(steps);
                let class = classify(op, &loc, &name, cat);
                slots.push(Slot { loc, name, class });
            }
        }
        op.slots = slots;
    }
    ops
}

// ------------------------------------------------------------------------------------------------ the data

/// Tenant tables of every client schema, and the shared ones, that "unchanged" covers.
async fn digested_tables(pool: &PgPool) -> Vec<String> {
    let all: Vec<String> = sqlx::query_scalar(
        "select table_schema || '.' || table_name from information_schema.tables
          where table_type = 'BASE TABLE' and (table_schema = 'asp' or table_schema like 'client\\_%') and table_name <> '_sqlx_migrations'
          order by 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    all.into_iter().filter(|t| !NOT_DIGESTED.contains(&t.as_str())).collect()
}

async fn digest(pool: &PgPool, tables: &[String]) -> BTreeMap<String, String> {
    let sql = tables
        .iter()
        .map(|t| {
            let (s, n) = t.split_once('.').unwrap();
            format!("select '{t}', md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from \"{s}\".\"{n}\" x")
        })
        .collect::<Vec<_>>()
        .join(" union all ");
    sqlx::query_as::<_, (String, String)>(&sql).fetch_all(pool).await.unwrap().into_iter().collect()
}

/// Per table, its number of rows and the newest transaction that wrote one of them: any committed insert, update
/// or delete moves it (a write creates a row version with a newer `xmin`, a delete lowers the count), and it needs
/// no serialising or sorting of the rows, so it is cheap to take after every operation. The content digest then
/// tells a real change from a write that stored the same values.
async fn row_versions(pool: &PgPool, tables: &[String]) -> BTreeMap<String, String> {
    let sql = tables
        .iter()
        .map(|t| {
            let (s, n) = t.split_once('.').unwrap();
            format!("select '{t}', count(*)::text || ':' || coalesce(max(x.xmin::text::bigint), 0)::text from \"{s}\".\"{n}\" x")
        })
        .collect::<Vec<_>>()
        .join(" union all ");
    sqlx::query_as::<_, (String, String)>(&sql).fetch_all(pool).await.unwrap().into_iter().collect()
}

/// Copies one row of `schema.table` to `site` with the id `PLANT_BASE + 1000 * site`, so that every site has a row
/// whose id no other site's row of the table has. Every text column gets the suffix `-p<id>` (the site's canary):
/// unique codes stay unique, and an answer that shows any of the row's texts to a caller of another site is caught.
async fn plant(pool: &PgPool, schema: &str, table: &str, pk: &str, site: i64) {
    let columns: Vec<String> = sqlx::query_scalar(
        "select column_name::text from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position",
    )
    .bind(schema)
    .bind(table)
    .fetch_all(pool)
    .await
    .unwrap();
    let texts: Vec<String> = sqlx::query_scalar(
        "select column_name::text from information_schema.columns
          where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' and data_type in ('text', 'character varying')",
    )
    .bind(schema)
    .bind(table)
    .fetch_all(pool)
    .await
    .unwrap();
    let new_id = PLANT_BASE + 1000 * site;
    let mut changes = format!("jsonb_build_object('{pk}', {new_id}::bigint, 'site_id', {site}::bigint)");
    // A site's link to a client-tier vendor is unique per vendor: the planted link gets a vendor of its own, visible
    // at the site by the vendor rule.
    if columns.iter().any(|c| c == "vend_id") {
        let vend_id: i64 = sqlx::query_scalar(&format!(
            "insert into \"{schema}\".vendor (vend_code, vend_name, erp_type_id, erp_company)
             select 'P' || $1::text || '-' || $2::text, 'Probe vendor', erp_type_id, erp_company from asp.site where site_id = $2
             returning vend_id"
        ))
        .bind(table)
        .bind(site)
        .fetch_one(pool)
        .await
        .unwrap_or_else(|e| panic!("a vendor for the planted {table} row at site {site}: {e}"));
        write!(changes, " || jsonb_build_object('vend_id', {vend_id}::bigint)").unwrap();
    }
    // A user's alert setting is unique per user, site and type: the planted one belongs to a user without settings
    // at the site.
    if table == "user_notification_setting" {
        write!(
            changes,
            " || jsonb_build_object('asp_users_id', (select min(u.asp_users_id) from asp.asp_users u where not exists
                 (select 1 from \"{schema}\".user_notification_setting s where s.asp_users_id = u.asp_users_id and s.site_id = {site})))"
        )
        .unwrap();
    }
    for c in &texts {
        write!(changes, " || jsonb_build_object('{c}', x.\"{c}\" || '-{}')", canary(site)).unwrap();
    }
    let cols = columns.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "insert into \"{schema}\".\"{table}\" ({cols}) overriding system value
         select {cols} from jsonb_populate_record(null::\"{schema}\".\"{table}\",
           (select to_jsonb(x) || {changes} from \"{schema}\".\"{table}\" x order by (x.site_id = {site}) desc, x.\"{pk}\" limit 1))"
    );
    sqlx::query(&sql).execute(pool).await.unwrap_or_else(|e| panic!("planting a row of {schema}.{table} at site {site}: {e}"));
}

/// The text planted rows of `site` carry, found in no other data.
fn canary(site: i64) -> String {
    format!("p{}", PLANT_BASE + 1000 * site)
}

#[derive(Clone, Debug)]
struct SiteRow {
    id: i64,
    code: String,
    client: i64,
    schema: String,
}

async fn sites(pool: &PgPool) -> Vec<SiteRow> {
    let rows: Vec<(i64, String, i64, String)> =
        sqlx::query_as("select s.site_id, s.site_code, s.client_id, c.schema_name from asp.site s join asp.client c using (client_id) order by 1")
            .fetch_all(pool)
            .await
            .unwrap();
    rows.into_iter().map(|(id, code, client, schema)| SiteRow { id, code, client, schema }).collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Category {
    OtherSite,
    OtherClient,
}

/// One user the probes run as, and what it may see.
struct Caller {
    name: String,
    token: String,
    permissions: BTreeSet<String>,
    current: SiteRow,
    /// Ids the caller's requests use where the probe is about another id ("own" records).
    own: HashMap<Target, Value>,
    /// Records the caller must not reach, by kind and why.
    foreign: HashMap<Target, Vec<(Category, Value)>>,
    /// The canaries of the sites the caller has no access to: no answer it gets may contain one.
    foreign_canaries: Vec<String>,
}

impl Caller {
    fn leaked(&self, text: &str) -> Option<&str> {
        self.foreign_canaries.iter().find(|c| text.contains(c.as_str())).map(String::as_str)
    }
}

impl Caller {
    fn may_call(&self, op: &Operation) -> bool {
        op.permissions.is_empty() || op.permissions.iter().any(|p| self.permissions.contains(p))
    }
}

/// (table, site) pairs that got a planted row.
type Planted = BTreeSet<(String, i64)>;

async fn caller(app: &TestApp, name: &str, all_sites: &[SiteRow], cat: &Catalogue, planted: &Planted) -> Caller {
    let pool = &app.pool;
    let token = app.login(name).await;
    let ctx = app.context(&token).await;
    let permissions = ctx["permissions"].as_array().unwrap().iter().map(|p| p["permission_name"].as_str().unwrap().to_owned()).collect();
    let current_id = ctx["currentSite"]["site_id"].as_i64().unwrap();
    let current = all_sites.iter().find(|s| s.id == current_id).unwrap().clone();
    let user_id = app.user_id(name).await;
    let sites: BTreeSet<i64> =
        sqlx::query_scalar::<_, i64>("select site_id from asp.user_site where asp_users_id = $1").bind(user_id).fetch_all(pool).await.unwrap().into_iter().collect();
    let clients: BTreeSet<i64> = all_sites.iter().filter(|s| sites.contains(&s.id)).map(|s| s.client).collect();
    let category = |s: &SiteRow| {
        if sites.contains(&s.id) {
            None
        } else if clients.contains(&s.client) {
            Some(Category::OtherSite)
        } else {
            Some(Category::OtherClient)
        }
    };

    let mut own = HashMap::new();
    let mut foreign: HashMap<Target, Vec<(Category, Value)>> = HashMap::new();
    for s in all_sites {
        if let Some(c) = category(s) {
            foreign.entry(Target::Site).or_default().push((c, json!(s.id)));
            foreign.entry(Target::SiteCode).or_default().push((c, json!(s.code)));
        }
    }
    own.insert(Target::Site, json!(current.id));
    own.insert(Target::SiteCode, json!(current.code));
    own.insert(Target::User, json!(user_id));
    own.insert(Target::Client, json!(current.client));
    for client in all_sites.iter().map(|s| s.client).collect::<BTreeSet<_>>() {
        if !clients.contains(&client) {
            foreign.entry(Target::Client).or_default().push((Category::OtherClient, json!(client)));
        }
    }

    // Tenant records: the planted row of every other site, and the first natural row of each that the caller
    // cannot see under the same id in its own client's schema.
    let my_schemas: BTreeSet<&str> = all_sites.iter().filter(|s| clients.contains(&s.client)).map(|s| s.schema.as_str()).collect();
    let my_sites: Vec<i64> = sites.iter().copied().collect();
    for (table, pk) in &cat.tenant_pk {
        let target = Target::Tenant(table.clone());
        if planted.contains(&(table.clone(), current.id)) {
            own.insert(target.clone(), json!(PLANT_BASE + 1000 * current.id));
        }
        let mut visible: BTreeSet<i64> = BTreeSet::new();
        for schema in &my_schemas {
            let ids: Vec<i64> = sqlx::query_scalar(&format!("select \"{pk}\" from \"{schema}\".\"{table}\" where site_id = any($1)"))
                .bind(&my_sites)
                .fetch_all(pool)
                .await
                .unwrap();
            visible.extend(ids);
        }
        for s in all_sites {
            let Some(c) = category(s) else { continue };
            let natural: Option<i64> = sqlx::query_scalar(&format!(
                "select \"{pk}\" from \"{}\".\"{table}\" where site_id = $1 and \"{pk}\" <> all($2) and \"{pk}\" not between $3 and $3 + 999999 order by 1 limit 1",
                s.schema
            ))
            .bind(s.id)
            .bind(visible.iter().copied().collect::<Vec<_>>())
            .bind(PLANT_BASE)
            .fetch_optional(pool)
            .await
            .unwrap();
            let list = foreign.entry(target.clone()).or_default();
            if planted.contains(&(table.clone(), s.id)) {
                list.push((c, json!(PLANT_BASE + 1000 * s.id)));
            }
            if let Some(id) = natural {
                list.push((c, json!(id)));
            }
        }
    }

    // Codes that name a tenant record: the planted row's (its texts carry the canary, so no other site has it), and
    // the first natural code of each other site that no code of the caller's sites contains (searches match a part
    // of a code: GEA's "C10" rightly finds the caller's own "C1000000247").
    for (_, table, column) in RECORD_CODES {
        if !cat.tenant_pk.contains_key(*table) {
            continue;
        }
        let target = Target::Code(table, column);
        let code_of = |schema: &str, site: i64| {
            let sql = format!("select \"{column}\" from \"{schema}\".\"{table}\" where site_id = $1 and \"{pk}\" = $2", pk = cat.tenant_pk[*table]);
            async move { sqlx::query_scalar::<_, Option<String>>(&sql).bind(site).bind(PLANT_BASE + 1000 * site).fetch_optional(pool).await.unwrap().flatten() }
        };
        if let Some(c) = code_of(&current.schema, current.id).await {
            own.insert(target.clone(), json!(c));
        }
        let mut visible: BTreeSet<String> = BTreeSet::new();
        for schema in &my_schemas {
            let codes: Vec<Option<String>> = sqlx::query_scalar(&format!("select \"{column}\" from \"{schema}\".\"{table}\" where site_id = any($1)"))
                .bind(&my_sites)
                .fetch_all(pool)
                .await
                .unwrap();
            visible.extend(codes.into_iter().flatten());
        }
        for s in all_sites {
            let Some(c) = category(s) else { continue };
            let list = foreign.entry(target.clone()).or_default();
            if let Some(planted) = code_of(&s.schema, s.id).await {
                list.push((c, json!(planted)));
            }
            let natural: Option<String> = sqlx::query_scalar(&format!(
                "select \"{column}\" from \"{}\".\"{table}\" where site_id = $1 and \"{column}\" is not null and \"{column}\" not like '%-p9%'
                   and not exists (select 1 from unnest($2::text[]) v where strpos(lower(v), lower(\"{column}\")) > 0) order by 1 limit 1",
                s.schema
            ))
            .bind(s.id)
            .bind(visible.iter().cloned().collect::<Vec<_>>())
            .fetch_optional(pool)
            .await
            .unwrap();
            if let Some(code) = natural {
                list.push((c, json!(code)));
            }
        }
    }

    // Reference-list values limited to a site: the planted one of the current site is the caller's own; every value
    // of another site (planted or seeded) is another site's or client's.
    let values: Vec<(i64, i64, String)> =
        sqlx::query_as("select type_value_id, site_id, code from asp.type_value where site_id is not null order by 1").fetch_all(pool).await.unwrap();
    for (id, site, code) in &values {
        let s = all_sites.iter().find(|s| s.id == *site).unwrap();
        match category(s) {
            Some(c) => foreign.entry(Target::TypeValue).or_default().push((c, json!(id))),
            None if *site == current.id && code.contains(&canary(current.id)) => {
                own.insert(Target::TypeValue, json!(id));
            }
            None => {}
        }
    }

    // Users of another client: every site of theirs is another client's (provider staff, who have every site, and
    // users without a site are nobody's). Users of the same client are visible to /V1/User/{id} by design (the
    // client's directory); the user administrator's reach over them is proved by user_administration.rs.
    let users: Vec<(i64, Vec<i64>)> = sqlx::query_as(
        "select u.asp_users_id, array_agg(us.site_id order by us.site_id) from asp.asp_users u join asp.user_site us using (asp_users_id)
          where not u.fss_employee group by 1 order by 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for (id, their_sites) in users {
        let theirs: Vec<&SiteRow> = all_sites.iter().filter(|s| their_sites.contains(&s.id)).collect();
        if theirs.iter().all(|s| category(s) == Some(Category::OtherClient)) {
            foreign.entry(Target::User).or_default().push((Category::OtherClient, json!(id)));
        }
    }

    // Punch-in locations belong to a site.
    let locations: Vec<(i64, i64)> = sqlx::query_as("select customer_punchin_location_id, site_id from asp.punchin_location order by 1").fetch_all(pool).await.unwrap();
    for (id, site) in &locations {
        let s = all_sites.iter().find(|s| s.id == *site).unwrap();
        match category(s) {
            Some(c) => foreign.entry(Target::PunchinLocation).or_default().push((c, json!(id))),
            None => {
                own.entry(Target::PunchinLocation).or_insert(json!(id));
            }
        }
    }
    own.entry(Target::PunchinLocation).or_insert(json!(1));

    let foreign_canaries = all_sites.iter().filter(|s| category(s).is_some()).map(|s| canary(s.id)).collect();
    Caller { name: name.to_owned(), token, permissions, current, own, foreign, foreign_canaries }
}

// ------------------------------------------------------------------------------------------------ requests

fn encode(v: &str) -> String {
    url::form_urlencoded::byte_serialize(v.as_bytes()).collect()
}

fn plain(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_owned)
}

/// The request of one probe: `slot` set to `value`, every other id the caller's own, everything else a plain
/// value that passes validation.
fn request(doc: &Doc, op: &Operation, probe: Option<(&Slot, &Value)>, me: &Caller) -> (String, Option<Value>) {
    let own_of = |s: &Slot| match &s.class {
        Some(Class::Probe(t)) => me.own.get(t).cloned(),
        _ => None,
    };
    let mut path = op.path.clone();
    let mut query = Vec::new();
    for p in &op.params {
        let name = p["name"].as_str().unwrap();
        let this = op.slots.iter().find(|s| matches!(&s.loc, Loc::Path(n) | Loc::Query(n) if n == name));
        let probed = probe.filter(|(slot, _)| matches!(&slot.loc, Loc::Path(n) | Loc::Query(n) if n == name));
        let v = if let Some((_, value)) = probed {
            Some((*value).clone())
        } else if let Some(own) = this.and_then(own_of) {
            Some(own)
        } else if name == "typeCode" {
            // The list the probes planted a value of every site in, so the sweep of its search sees another site's.
            Some(json!(PROBE_LIST))
        } else if p["in"] == "path" || p["required"] == true {
            Some(doc.sample(&p["schema"], name, 0))
        } else {
            None
        };
        if name == "filter" {
            if let Some((Slot { loc: Loc::Filter(key), .. }, value)) = probe {
                let f = if key == "id" { json!({ key.as_str(): [value] }) } else { json!({ key.as_str(): value }) };
                query.push(format!("filter={}", encode(&f.to_string())));
            }
            continue;
        }
        match (p["in"].as_str(), v) {
            (Some("path"), Some(v)) => path = path.replace(&format!("{{{name}}}"), &encode(&plain(&v))),
            (_, Some(v)) => query.push(format!("{name}={}", encode(&plain(&v)))),
            _ => {}
        }
    }
    let url = if query.is_empty() { format!("/api{path}") } else { format!("/api{path}?{}", query.join("&")) };
    let body = op.body.as_ref().map(|schema| {
        let mut body = doc.sample(schema, "", 0);
        for other in &op.slots {
            if let (Loc::Body(steps), Some(own)) = (&other.loc, own_of(other)) {
                if present(&body, steps) {
                    doc.set_at(&mut body, schema, steps, own);
                }
            }
        }
        if let Some((Slot { loc: Loc::Body(steps), .. }, value)) = probe {
            doc.set_at(&mut body, schema, steps, (*value).clone());
        }
        body
    });
    (url, body)
}

/// Whether the sampled body already holds `steps` (a required id).
fn present(body: &Value, steps: &[Step]) -> bool {
    match steps.split_first() {
        None => true,
        Some((Step::Key(k), rest)) => body.get(k).is_some_and(|v| present(v, rest)),
        Some((Step::Each, rest)) => body.as_array().and_then(|a| a.first()).is_some_and(|v| present(v, rest)),
    }
}

/// A 2xx that tells nothing: an empty list, or a page with no rows.
fn holds_no_record(body: &Value) -> bool {
    match body {
        Value::Array(a) => a.is_empty(),
        // An existence check's "no": every value null or false (`{"exists": false, "cid_no": null}`).
        Value::Object(o) if !o.is_empty() && o.values().all(|v| v.is_null() || *v == Value::Bool(false)) => true,
        Value::Object(o) => {
            let lists: Vec<&Value> = o.values().filter(|v| v.is_array()).collect();
            !lists.is_empty() && lists.iter().all(|v| v.as_array().unwrap().is_empty()) && o.get("totalCount").is_none_or(|t| t.as_i64() == Some(0))
        }
        _ => false,
    }
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Outcome {
    /// Past the permission check, refused at the record (or found nothing).
    Reached,
    /// Refused by the permission check: the caller may not call the operation at all.
    Guard,
    /// A 400 about something else than the probed id: the probe proved nothing about the record check.
    OtherInvalid,
}

fn judge(op: &Operation, slot: &Slot, me: &Caller, status: StatusCode, body: &Value) -> Result<Outcome, String> {
    match status.as_u16() {
        404 => Ok(Outcome::Reached),
        403 if me.may_call(op) => Ok(Outcome::Reached),
        403 => Ok(Outcome::Guard),
        400 => {
            let fields: Vec<&str> = body["errors"].as_array().into_iter().flatten().filter_map(|e| e["field"].as_str()).collect();
            // The id's own name, or the body property holding it (`roles` for `roles[0].site_id`).
            let keys: Vec<&str> = match &slot.loc {
                Loc::Filter(_) => vec!["filter"],
                Loc::Body(steps) => match steps.first() {
                    Some(Step::Key(top)) => vec![slot.name.as_str(), top.as_str()],
                    _ => vec![slot.name.as_str()],
                },
                _ => vec![slot.name.as_str()],
            };
            Ok(if fields.iter().any(|f| keys.iter().any(|k| f.contains(k))) { Outcome::Reached } else { Outcome::OtherInvalid })
        }
        200..=299 if holds_no_record(body) => Ok(Outcome::Reached),
        _ => Err(format!("answered {status}: {}", body.to_string().chars().take(300).collect::<String>())),
    }
}

// ------------------------------------------------------------------------------------------------ the tests

#[test]
fn names_are_read_as_ids_and_tables_as_the_database_spells_them() {
    for id in ["id", "address_id", "hasAccessToSiteId", "objectAuditLog_ID", "site_ids", "cip_no", "site_code"] {
        assert!(id_like(id), "{id}");
    }
    for not in ["identity", "idle", "valid", "rapid", "paid"] {
        assert!(!id_like(not), "{not}");
    }
    for id in ["cid_no", "restrictedCidNos", "typeValueId", "employeeNumber", "cip_code", "typeCode"] {
        assert!(id_like(id), "{id}");
    }
    assert_eq!(snake("TrackingCode"), "tracking_code");
    assert_eq!(snake("typeValueId"), "type_value_id");
    assert_eq!(snake("CIP"), "cip");
    assert_eq!(snake("Address"), "address");
    assert!(holds_no_record(&json!([])) && holds_no_record(&json!({"resultList": [], "totalCount": 0})));
    assert!(holds_no_record(&json!({"exists": false, "cid_no": null})) && !holds_no_record(&json!({"exists": true, "cid_no": 3})));
    assert!(!holds_no_record(&json!({"address_id": 1})) && !holds_no_record(&json!({"itemList": [{}], "totalCount": 1})) && !holds_no_record(&json!("")));
}

/// Every id-like name of the document is probed or skipped for a stated reason; nothing is left unclassified.
#[tokio::test]
async fn every_id_in_the_document_is_probed_or_skipped_for_a_reason() {
    let app = TestApp::spawn().await;
    let cat = Catalogue::read(&app.pool).await;
    let ops = operations_with_slots(&Doc::load(), &cat);
    let unclassified: Vec<String> = ops
        .iter()
        .flat_map(|op| op.slots.iter().filter(|s| s.class.is_none()).map(move |s| format!("{} {} ({}): {}", op.method, op.path, op.id, s.describe())))
        .collect();
    assert!(
        unclassified.is_empty(),
        "ids the cross-tenant probes do not know; teach `classify` in api/tests/it/probes.rs what they name (a tenant table's \
         primary key is recognised by itself), or skip them with the reason:\n{}",
        unclassified.join("\n")
    );
    let probed = ops.iter().filter(|op| op.slots.iter().any(|s| matches!(s.class, Some(Class::Probe(_))))).count();
    assert!(probed >= 25, "only {probed} operations take an id the probes know");
}

/// The demo seed numbers each client's records in a range of its own (api/src/seed/mod.rs), so another client's id
/// never names one of the caller's records and a probe with it proves something.
#[tokio::test]
async fn the_demo_clients_records_have_ids_no_other_client_uses() {
    let app = TestApp::spawn().await;
    let cat = Catalogue::read(&app.pool).await;
    let mut shared = Vec::new();
    for (table, pk) in &cat.tenant_pk {
        let (rows, both): (i64, i64) = sqlx::query_as(&format!(
            "select (select count(*) from client_gea.\"{table}\"), count(*) from client_acme.\"{table}\" a join client_gea.\"{table}\" g using (\"{pk}\")"
        ))
        .fetch_one(&app.pool)
        .await
        .unwrap();
        if both > 0 {
            shared.push(format!("{table}: {both} of GEA's {rows} ids are ACME's too"));
        }
    }
    assert!(shared.is_empty(), "ids both demo clients use:\n{}", shared.join("\n"));
}

#[tokio::test]
async fn no_operation_reaches_a_record_of_another_client_or_of_another_site() {
    // A pool for CONCURRENCY requests at once (the default test pool of 5 ran dry on a loaded CI machine).
    let app = TestApp::spawn_with(|s| s.db_max_connections = 4 * CONCURRENCY as u32).await;
    let started = std::time::Instant::now();
    let pool = app.pool.clone();
    // The scheduler's jobs write shared tables on their own (the error-log filter recount): stopped, so that a
    // change the digest sees is a probe's.
    sqlx::query("update asp.job set active = false").execute(&pool).await.unwrap();
    let doc = Doc::load();
    let cat = Catalogue::read(&pool).await;
    let all_sites = sites(&pool).await;

    // Plant a row per tenant table and site whose id exists nowhere else (see the module's doc). A table without
    // any row in a schema gets none there (give it demo data, or its operations stay unreached and fail below).
    let mut planted = Planted::new();
    for s in &all_sites {
        for (table, pk) in &cat.tenant_pk {
            let has_rows: bool = sqlx::query_scalar(&format!("select exists(select 1 from \"{}\".\"{table}\")", s.schema)).fetch_one(&pool).await.unwrap();
            if has_rows {
                plant(&pool, &s.schema, table, pk, s.id).await;
                planted.insert((table.clone(), s.id));
            }
        }
    }

    // The planted CIP of each site is a kit and repairable, so the kit and repair operations get past their own CIP's
    // state to the CIP the probe names.
    for s in all_sites.iter().filter(|s| planted.contains(&("cip".to_owned(), s.id))) {
        sqlx::query(&format!(
            "update \"{0}\".cid set kit = true, repairable = true where cid_no = (select cid_no from \"{0}\".cip where cip_no = $1)",
            s.schema
        ))
        .bind(PLANT_BASE + 1000 * s.id)
        .execute(&pool)
        .await
        .unwrap();
    }

    // A value of the probes' reference list limited to each site (the list administration's records; shared schema, so
    // no tenant row to copy): its code and description carry the site's canary; first in the list's order, so the
    // first page of the list's search shows it.
    for s in &all_sites {
        sqlx::query(
            "insert into asp.type_value (type_code, value_id, code, description, sort_order, site_id) values ($1, 9000, $2, 'Probe ship method ' || $2, 0, $3)",
        )
        .bind(PROBE_LIST)
        .bind(format!("SM-{}", canary(s.id)))
        .bind(s.id)
        .execute(&pool)
        .await
        .unwrap();
    }

    // The callers. A user with access to ACME-NORTH only, made through the console with existing roles there (the
    // Support role adds ImpersonateUsers); a client administrator (BasicAccess, UserAdminInternal, ImpersonateUsers,
    // and the site administration of custom fields and crib devices) at GEA-MAIN only, the tenant-side counterpart of the provider administrator; and the demo users.
    let admin = app.login("admin").await;
    let north = all_sites.iter().find(|s| s.code == "ACME-NORTH").unwrap().id;
    let gea_main = all_sites.iter().find(|s| s.code == "GEA-MAIN").unwrap().id;
    let role = |name: &'static str| {
        let pool = pool.clone();
        async move { sqlx::query_scalar::<_, i64>("select security_role_id from asp.security_role where role_name = $1").bind(name).fetch_one(&pool).await.unwrap() }
    };
    // Warehouse adds CycleCountEnter (the counter's operations of cycle counts).
    let roles: Vec<Value> = [role("Buyer").await, role("CustomerPortal").await, role("Support").await, role("Warehouse").await]
        .iter()
        .map(|r| json!({"site_id": north, "security_role_id": r}))
        .collect();
    let created = app
        .post("/api/admin/users", &admin, json!({"user_id": "probe_north", "fname": "Probe", "lname": "North", "password": PASSWORD, "site_ids": [north], "roles": roles}))
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    let permission_ids: Vec<i64> =
        sqlx::query_scalar("select security_permission_id from asp.security_permission where permission_name in ('BasicAccess', 'UserAdminInternal', 'ImpersonateUsers', 'CustomFieldAdmin', 'CribDeviceAdmin', 'TypeListAdmin', 'ItemMerge')")
            .fetch_all(&pool)
            .await
            .unwrap();
    let role = app.post("/api/admin/roles", &admin, json!({"role_name": "Probe client administrators", "permission_ids": permission_ids})).await;
    assert_eq!(role.status, StatusCode::OK, "{}", role.body);
    let created = app
        .post(
            "/api/admin/users",
            &admin,
            json!({"user_id": "probe_gea_admin", "fname": "Probe", "lname": "GEA admin", "password": PASSWORD, "site_ids": [gea_main],
                   "roles": [{"site_id": gea_main, "security_role_id": role.body["id"]}]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    // A canary user per site (no role): its login, like a planted row's texts, must never show to another site.
    for s in &all_sites {
        let login = format!("canary_{}", canary(s.id));
        let created = app.post("/api/admin/users", &admin, json!({"user_id": login, "fname": "Canary", "lname": login, "password": PASSWORD, "site_ids": [s.id]})).await;
        assert_eq!(created.status, StatusCode::OK, "{}", created.body);
    }
    let mut callers = Vec::new();
    for name in ["probe_north", "buyer", "customer", "supplier", "punchin", "probe_gea_admin"] {
        callers.push(caller(&app, name, &all_sites, &cat, &planted).await);
    }

    let ops = operations_with_slots(&doc, &cat);
    let set_up = started.elapsed();
    let tables = digested_tables(&pool).await;
    let mut before = digest(&pool, &tables).await;
    let mut versions = row_versions(&pool, &tables).await;
    let mut failures = Vec::new();
    // (operation, slot) -> outcome -> count
    let mut tally: BTreeMap<(String, String), BTreeMap<Outcome, usize>> = BTreeMap::new();
    let mut probes = 0;
    // 400s about something else than the probed id, shown with the summary: a body to make valid.
    let mut other_invalid = Vec::new();
    for op in &ops {
        // Signing out would end the caller's session for the rest of the run; it takes no id anyway.
        if op.id == "authLogout" {
            continue;
        }
        // The probes of one operation run a few at a time (the digest below is per operation).
        let mut jobs = Vec::new();
        for slot in &op.slots {
            let Some(Class::Probe(target)) = &slot.class else { continue };
            for me in &callers {
                // A caller the permission check refuses proves only that check: one probe says so.
                let values = me.foreign.get(target).map_or(&[][..], |v| if me.may_call(op) { &v[..] } else { &v[..v.len().min(1)] });
                for (category, value) in values {
                    let (url, body) = request(&doc, op, Some((slot, value)), me);
                    jobs.push((slot, target, me, category, value, url, body));
                }
            }
        }
        let probed = !jobs.is_empty();
        let answers: Vec<_> = futures::stream::iter(jobs.iter().map(|(_, _, me, _, _, url, body)| app.request(op.method.clone(), url, Some(&me.token), body.clone())))
            .buffered(CONCURRENCY)
            .collect()
            .await;
        for ((slot, target, me, category, value, url, body), answer) in jobs.into_iter().zip(answers) {
            probes += 1;
            if let Some(c) = me.leaked(&answer.body.to_string()) {
                failures.push(format!("{} {url} as {}: the answer holds {c}, a text of another site's record", op.method, me.name));
            }
            match judge(op, slot, me, answer.status, &answer.body) {
                Ok(outcome) => {
                    if outcome == Outcome::OtherInvalid {
                        other_invalid.push(format!("{} {url} as {} {}: {}", op.method, me.name, body.clone().unwrap_or_default(), answer.body));
                    }
                    *tally.entry((op.id.clone(), slot.describe())).or_default().entry(outcome).or_default() += 1;
                }
                Err(why) => failures.push(format!(
                    "{} {url} as {} (site {}) with {:?} {} of {category:?}, body {}: {why}",
                    op.method,
                    me.name,
                    me.current.code,
                    target,
                    plain(value),
                    body.map(|b| b.to_string()).unwrap_or_default()
                )),
            }
        }
        if !probed {
            continue;
        }
        // Only the tables whose row versions moved are digested again (a full digest takes a quarter of a second).
        let now = row_versions(&pool, &tables).await;
        let moved: Vec<String> = now.iter().filter(|(t, v)| versions.get(*t) != Some(*v)).map(|(t, _)| t.clone()).collect();
        versions = now;
        if !moved.is_empty() {
            let after = digest(&pool, &moved).await;
            let changed: Vec<&String> = after.iter().filter(|(t, d)| before.get(*t) != Some(*d)).map(|(t, _)| t).collect();
            if !changed.is_empty() {
                failures.push(format!("{} {} ({}) changed {changed:?}", op.method, op.path, op.id));
            }
            before.extend(after);
        }
    }

    let probed_in = started.elapsed() - set_up;
    // The sweep: every read (GET, and the POST searches; exports are workbooks) as every caller, with its own ids:
    // no answer may hold a text of a planted row or the login of a canary user of a site the caller cannot use.
    let mut swept = 0;
    // The control: the callers' own canaries do show (in their own records), so the sweep can see a leak.
    let mut own_canaries_seen = BTreeSet::new();
    // A caller the permission check refuses gets no data at all: the sweep asks only those who may call the read.
    let reads: Vec<(&Operation, &Caller)> = ops
        .iter()
        .filter(|op| (op.method == Method::GET || op.path.ends_with("/Search")) && op.id != "securityApiGetDisableAPI")
        .flat_map(|op| callers.iter().filter(|me| me.may_call(op)).map(move |me| (op, me)))
        .collect();
    let app_ref = &app;
    let answers: Vec<_> = futures::stream::iter(reads.iter().map(|(op, me)| {
        let (url, body) = request(&doc, op, None, me);
        let app = app_ref;
        async move { (url.clone(), app.request(op.method.clone(), &url, Some(&me.token), body).await) }
    }))
    .buffered(CONCURRENCY)
    .collect()
    .await;
    for ((op, me), (url, answer)) in reads.iter().zip(answers) {
        swept += 1;
        if answer.body.to_string().contains(&canary(me.current.id)) {
            own_canaries_seen.insert(op.id.clone());
        }
        if answer.status.is_server_error() {
            failures.push(format!("{} {url} as {}: {}", op.method, me.name, answer.status));
        }
        if let Some(c) = me.leaked(&answer.body.to_string()) {
            failures.push(format!("{} {url} as {}: the answer holds {c}, a text of another site's record", op.method, me.name));
        }
    }

    // Every probed id of every operation a tenant user may call was refused at the record at least once.
    let mut unreached = Vec::new();
    let mut summary = String::new();
    let mut reached_total = 0;
    for op in &ops {
        for slot in op.slots.iter().filter(|s| matches!(s.class, Some(Class::Probe(_)))) {
            let counts = tally.get(&(op.id.clone(), slot.describe())).cloned().unwrap_or_default();
            let reached = counts.get(&Outcome::Reached).copied().unwrap_or(0);
            reached_total += reached;
            writeln!(summary, "{:<40} {:<28} {counts:?}", op.id, slot.describe()).unwrap();
            if reached == 0 && !op.provider_only() && op.id != "authLogout" {
                unreached.push(format!("{} ({}) {}: {counts:?}", op.id, op.path, slot.describe()));
            }
        }
    }
    let operations_probed = tally.keys().map(|(op, _)| op).collect::<BTreeSet<_>>().len();
    println!(
        "cross-tenant probes: {probes} requests over {operations_probed} operations, {reached_total} refused at the record check; \
         {swept} reads swept for canaries; set-up {set_up:.1?}, probes {probed_in:.1?}, sweep {:.1?} \
         (own canaries seen in {own_canaries_seen:?})\n{summary}",
        started.elapsed() - set_up - probed_in
    );
    if !other_invalid.is_empty() {
        println!("400s about something else than the probed id:\n{}", other_invalid.join("\n"));
    }
    assert!(failures.is_empty(), "{} probe(s) reached another client's or site's record:\n{}", failures.len(), failures.join("\n"));
    assert!(
        unreached.is_empty(),
        "no probe got past the permission check to the record check (give a probe user a role that may call the \
         operation, make its body valid, or give the table demo rows at more than one site):\n{}",
        unreached.join("\n")
    );
    assert!(own_canaries_seen.len() >= 3, "the callers' own canaries showed only in {own_canaries_seen:?}: the sweep would not see a leak");
    let operations = tally.keys().map(|(op, _)| op).collect::<BTreeSet<_>>().len();
    assert!(operations >= 25 && reached_total >= 150, "the probes reached too little: {operations} operations, {reached_total} record checks");
}
