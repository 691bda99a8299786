//! `asp seed --volume N [--client ACME --site ACME-NORTH]`: fills one site with N generated CIPs, each with its CID
//! pointing at an item-master part, for the benchmarks (bench/README.md).
//!
//! Speed: everything is set-based (`insert ... select ... from generate_series`) in batches that commit one by one,
//! with every index and trigger of the tables left in place, so the data is what the application itself would have
//! built. Descriptions come from word lists (nouns, sizes, materials, specs per kind of part) mixed by hashes of the
//! row number, so free-text searches see a realistic spread instead of one repeated string.
//!
//! What it makes, for CIP number k = 1..N at the site:
//! - item-master parts: one per 4 CIPs, shared by every client (ERP item code `ERP` + 7 digits, manufacturer part
//!   numbers in several styles, 70% with a UPC that has a valid check digit);
//! - a CID for each k not divisible by 20 (customer part `ddd-kkkkkkk`, unique per site); CIP k of a k divisible by
//!   20 is the second location of CID k-1, so about 5% of CIDs are stocked at two locations;
//! - CIP k with cip_code `V` + 7 digits (unique per site), a location in the site's segments, status mix (about 96%
//!   Active), min/max/lot with on hand around them, on order for items at or below min, replenishment type mix,
//!   13 usage periods and 12 months, the CID's vendor and cost.
//!
//! Running it again tops the site up to N generated CIPs (it never deletes), so an interrupted run can be resumed.

use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context};
use sqlx::{ConnectOptions, Connection, PgConnection};

use kernel::config::Settings;

use super::SeedDay;

/// Rows per statement: large enough that per-statement costs vanish, small enough for steady progress lines.
const BATCH: i64 = 50_000;
/// The most CIPs one site can get (cip_code has 7 digits).
pub const MAX_CIPS: i64 = 9_999_999;
/// Generated CIPs per item-master part.
const CIPS_PER_PART: i64 = 4;

#[derive(Debug, Clone)]
pub struct VolumeOptions {
    pub cips: i64,
    pub client: String,
    pub site: String,
    /// Print progress lines to stdout.
    pub progress: bool,
    /// Dates of the generated rows (last issue, receipt and count, historic price) count back from this day.
    pub day: SeedDay,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VolumeReport {
    pub site_id: i64,
    /// Generated CIPs at the site after the run.
    pub cips: i64,
    pub cips_added: i64,
    pub cids_added: i64,
    pub parts_added: i64,
}

/// A kind of part: its size, material and spec words.
struct Kind {
    sizes: &'static [&'static str],
    materials: &'static [&'static str],
    specs: &'static [&'static str],
}

const KINDS: &[Kind] = &[
    // 0 mechanical and fasteners
    Kind {
        sizes: &["1/4-20 X 1 IN", "5/16-18 X 1-1/2 IN", "3/8-16 X 2 IN", "1/2-13 X 3 IN", "M6 X 20", "M8 X 30", "M10 X 40", "M12 X 50",
            "1/2 IN", "3/4 IN", "1 IN", "1-1/4 IN", "20 MM", "25 MM", "35 MM", "6204", "6205", "6306", "B52", "A48", "3/8 IN BORE"],
        materials: &["STEEL", "STAINLESS 304", "STAINLESS 316", "BRASS", "ZINC PLATED", "GALVANIZED", "ALUMINUM", "NYLON", "BRONZE",
            "CARBON STEEL", "NITRILE", "VITON", "EPDM", "CAST IRON", "POLYURETHANE"],
        specs: &["GRADE 5", "GRADE 8", "HEX HEAD", "SOCKET HEAD", "FLANGED", "SEALED 2RS", "SHIELDED ZZ", "NPT THREADED", "COARSE THREAD",
            "FINE THREAD", "HEAVY DUTY", "DOUBLE ROW", "C3 CLEARANCE", "3000 PSI", "FULL PORT", "JIC 37 DEG", "SPLIT", "LOCKING"],
    },
    // 1 personal protective equipment
    Kind {
        sizes: &["SMALL", "MEDIUM", "LARGE", "X-LARGE", "2X-LARGE", "ONE SIZE", "SIZE 9", "SIZE 10", "SIZE 11"],
        materials: &["NITRILE", "LATEX", "LEATHER", "KEVLAR", "POLYCARBONATE", "COTTON", "HDPE", "NEOPRENE", "HPPE", "POLYESTER"],
        specs: &["CUT LEVEL A2", "CUT LEVEL A3", "CUT LEVEL A4", "ANSI Z87.1", "POWDER FREE", "BOX OF 100", "ANSI TYPE II", "HI-VIS CLASS 2",
            "FR RATED", "DISPOSABLE", "ANTI-FOG", "NRR 32 DB", "N95", "COMPOSITE TOE"],
    },
    // 2 electrical
    Kind {
        sizes: &["10A", "15A", "20A", "30A", "60A", "120V", "240V", "480V", "14 AWG", "12 AWG", "10 AWG", "1/2 IN", "3/4 IN", "9W", "AA", "D"],
        materials: &["COPPER", "PVC", "THHN", "NYLON", "POLYCARBONATE", "STEEL", "CERAMIC", "TINNED COPPER", "ALKALINE", "LITHIUM"],
        specs: &["UL LISTED", "TIME DELAY", "FAST ACTING", "3 POLE", "2 POLE", "WEATHERPROOF", "LED", "500 FT SPOOL", "DIN RAIL", "24VDC COIL",
            "CLASS RK5", "TRUE RMS", "CAT III", "PACK OF 24"],
    },
    // 3 tools and abrasives
    Kind {
        sizes: &["1/8 IN", "3/16 IN", "1/4 IN", "5/16 IN", "3/8 IN", "1/2 IN", "4-1/2 IN", "7 IN", "10 MM", "13 MM", "6 PC", "12 PC", "14 TPI",
            "1/4-20"],
        materials: &["HSS", "COBALT", "CARBIDE", "CHROME VANADIUM", "ALUMINUM OXIDE", "ZIRCONIA", "CERAMIC", "DIAMOND", "BI-METAL", "TIN COATED"],
        specs: &["36 GRIT", "60 GRIT", "80 GRIT", "120 GRIT", "JOBBER", "STUBBY", "SDS PLUS", "INSULATED 1000V", "METRIC", "SAE", "18V",
            "TYPE 27", "4 FLUTE", "PLUG TAP", "SECOND CUT"],
    },
    // 4 chemicals and maintenance supplies
    Kind {
        sizes: &["11 OZ", "12 OZ", "16 OZ", "1 QT", "1 GAL", "5 GAL", "50 ML", "250 ML", "2 IN X 60 YD", "3/4 IN X 66 FT", "15 X 19 IN"],
        materials: &["SILICONE", "LITHIUM", "SYNTHETIC", "WATER BASED", "SOLVENT BASED", "PTFE", "ACRYLIC", "EPOXY", "CITRUS", "VINYL",
            "POLYPROPYLENE"],
        specs: &["AEROSOL", "FOOD GRADE NSF H1", "HIGH TEMP", "LOW VOC", "BLUE", "RED", "MEDIUM STRENGTH", "HIGH STRENGTH", "FLUORESCENT",
            "OIL ONLY", "UNIVERSAL", "CASE OF 12"],
    },
];

/// (desc1, kind, UNSPSC commodity code, commodity description, unit of measure id, hazardous code)
type Noun = (&'static str, usize, &'static str, &'static str, i32, Option<&'static str>);

const NOUNS: &[Noun] = &[
    ("BOLT, HEX", 0, "31161616", "Hex bolts", 2, None),
    ("SCREW, CAP", 0, "31161501", "Cap screws", 2, None),
    ("NUT, HEX", 0, "31161701", "Hex nuts", 2, None),
    ("WASHER, FLAT", 0, "31161801", "Flat washers", 2, None),
    ("BEARING, BALL", 0, "31171504", "Ball bearings", 1, None),
    ("BEARING, TAPERED ROLLER", 0, "31171505", "Roller bearings", 1, None),
    ("BEARING, PILLOW BLOCK", 0, "31171510", "Mounted bearings", 1, None),
    ("COUPLING, JAW", 0, "26111705", "Couplings", 1, None),
    ("SPROCKET, ROLLER CHAIN", 0, "26111811", "Sprockets", 1, None),
    ("CHAIN, ROLLER", 0, "26111801", "Roller chain", 5, None),
    ("BELT, V", 0, "26111802", "Drive belts", 1, None),
    ("O-RING", 0, "31181701", "O-rings", 3, None),
    ("SEAL, OIL", 0, "31181603", "Oil seals", 1, None),
    ("FITTING, HYDRAULIC", 0, "40142500", "Hydraulic fittings", 1, None),
    ("HOSE, HYDRAULIC", 0, "40142008", "Hydraulic hoses", 5, None),
    ("VALVE, BALL", 0, "40141609", "Ball valves", 1, None),
    ("VALVE, GATE", 0, "40141610", "Gate valves", 1, None),
    ("CLAMP, HOSE", 0, "31162801", "Hose clamps", 3, None),
    ("GLOVE, NITRILE", 1, "46181504", "Protective gloves", 2, None),
    ("GLOVE, CUT RESISTANT", 1, "46181504", "Protective gloves", 9, None),
    ("GLASSES, SAFETY", 1, "46181802", "Safety glasses", 1, None),
    ("HARD HAT", 1, "46181701", "Hard hats", 1, None),
    ("EARPLUG, FOAM", 1, "46181902", "Ear plugs", 2, None),
    ("RESPIRATOR, HALF MASK", 1, "46182001", "Respirators", 1, None),
    ("VEST, SAFETY", 1, "46181501", "Safety vests", 1, None),
    ("BOOT, SAFETY", 1, "46181604", "Safety boots", 9, None),
    ("FUSE, CARTRIDGE", 2, "39121601", "Fuses", 2, None),
    ("BREAKER, CIRCUIT", 2, "39121616", "Circuit breakers", 1, None),
    ("WIRE, BUILDING", 2, "26121609", "Building wire", 5, None),
    ("CONTACTOR, MOTOR", 2, "39122205", "Contactors", 1, None),
    ("RELAY, CONTROL", 2, "39122310", "Relays", 1, None),
    ("LAMP, LED", 2, "39101605", "LED lamps", 4, None),
    ("TERMINAL, RING", 2, "39121432", "Terminals", 3, None),
    ("MULTIMETER, DIGITAL", 2, "41113023", "Multimeters", 1, None),
    ("BATTERY, ALKALINE", 2, "26111702", "Alkaline batteries", 3, None),
    ("DRILL BIT, TWIST", 3, "27112802", "Drill bits", 1, None),
    ("DISC, ABRASIVE", 3, "31191505", "Abrasive discs", 3, None),
    ("WHEEL, GRINDING", 3, "31191501", "Grinding wheels", 1, None),
    ("BLADE, HACKSAW", 3, "27112703", "Saw blades", 3, None),
    ("SCREWDRIVER SET", 3, "27111701", "Screwdrivers", 10, None),
    ("WRENCH, COMBINATION", 3, "27111702", "Wrenches", 1, None),
    ("SOCKET, IMPACT", 3, "27111703", "Sockets", 1, None),
    ("TAP, HAND", 3, "27112902", "Taps", 1, None),
    ("END MILL", 3, "27112845", "End mills", 1, None),
    ("LUBRICANT, AEROSOL", 4, "15121902", "Penetrating lubricants", 1, Some("UN1950")),
    ("GREASE, MULTIPURPOSE", 4, "15121804", "Greases", 1, None),
    ("ADHESIVE, THREADLOCKER", 4, "31201610", "Threadlockers", 1, Some("UN1993")),
    ("CLEANER, DEGREASER", 4, "47131812", "Degreasers", 7, Some("UN1993")),
    ("PAINT, MARKING", 4, "31211508", "Marking paint", 4, Some("UN1950")),
    ("SEALANT, SILICONE", 4, "31201611", "Sealants", 1, None),
    ("TAPE, DUCT", 4, "31201503", "Duct tape", 8, None),
    ("TAPE, ELECTRICAL", 4, "31201502", "Electrical tape", 8, None),
    ("PAD, ABSORBENT", 4, "47131811", "Absorbents", 4, None),
];

/// (mfg_code, name, brand)
const MANUFACTURERS: &[(&str, &str, &str)] = &[
    ("SKF", "SKF USA Inc.", "SKF Explorer"),
    ("TIMKEN", "The Timken Company", "Timken"),
    ("3M", "3M Company", "Scotch-Brite"),
    ("ANSELL", "Ansell Healthcare", "HyFlex"),
    ("DEWALT", "DeWalt Industrial Tool Co.", "DeWalt"),
    ("STANLEY", "Stanley Black & Decker", "Proto"),
    ("LOCTITE", "Henkel Loctite", "Loctite"),
    ("PARKER", "Parker Hannifin", "Parker"),
    ("GATES", "Gates Corporation", "PowerGrip"),
    ("FLUKE", "Fluke Corporation", "Fluke"),
    ("KLEIN", "Klein Tools", "Klein"),
    ("MSA", "MSA Safety", "V-Gard"),
    ("EATON", "Eaton Corporation", "Cutler-Hammer"),
    ("SIEMENS", "Siemens Industry Inc.", "SIRIUS"),
    ("HONEYWELL", "Honeywell International", "Howard Leight"),
    ("MILWAUKEE", "Milwaukee Electric Tool", "M18"),
    ("NORTON", "Norton Abrasives", "Norton Blaze"),
    ("SWAGELOK", "Swagelok Company", "Swagelok"),
    ("BALDOR", "Baldor Electric Company", "Baldor-Reliance"),
    ("DODGE", "Dodge Industrial", "Dodge"),
    ("BUSSMANN", "Eaton Bussmann", "Bussmann"),
    ("KIMBERLY", "Kimberly-Clark Professional", "KleenGuard"),
];

/// Words a customer adds to a description of its own.
const NOTES: &[&str] = &["PLANT STD", "LINE 3", "CRIB STOCK", "CRITICAL SPARE", "PM KIT", "MAINT ONLY", "SUB OK", "NO SUB", "OEM", "BLDG 2"];

const HAZARDOUS: &[(&str, &str, &str)] = &[("UN1950", "Aerosols", "2.1"), ("UN1993", "Flammable liquid, n.o.s.", "3")];

/// Fills the site up to `options.cips` generated CIPs; answers what it did.
pub async fn run(settings: &Settings, options: &VolumeOptions) -> anyhow::Result<VolumeReport> {
    if !(1..=MAX_CIPS).contains(&options.cips) {
        bail!("--volume takes a number of CIPs from 1 to {MAX_CIPS}");
    }
    let started = Instant::now();
    tenancy::migrate_all(settings.owner_url(), settings.app_role().as_deref()).await.context("migrating before seeding")?;
    // Statements of a bulk load are slow by design: not logged as slow.
    let connect = tenancy::connect_options(settings.owner_url())?.disable_statement_logging();
    let mut conn = PgConnection::connect_with(&connect).await.context("connecting to the database")?;

    let client = tenancy::ClientCode::parse(&options.client)?;
    let found: Option<(i64, String)> = sqlx::query_as(
        "select s.site_id, c.schema_name from asp.site s join asp.client c using (client_id) where c.client_code = $1 and s.site_code = $2",
    )
    .bind(client.as_str())
    .bind(&options.site)
    .fetch_optional(&mut conn)
    .await?;
    let Some((site_id, schema)) = found else {
        bail!("no site {} of client {} (run `asp seed --demo` first, or name an existing client and site)", options.site, client.as_str());
    };
    let schema = tenancy::SchemaName::parse(&schema).context("the client's schema name")?;
    bulk_session(&mut conn, &schema, site_id).await?;

    let have = generated_cips(&mut conn, site_id, 1, MAX_CIPS).await?;
    let progress = options.progress;
    let say = move |line: String| {
        if progress {
            println!("{line}");
        }
    };
    if have >= options.cips {
        say(format!("{} already has {have} generated CIPs", options.site));
        return Ok(VolumeReport { site_id, cips: have, cips_added: 0, cids_added: 0, parts_added: 0 });
    }
    say(format!("{}: {have} generated CIPs, adding {}", options.site, options.cips - have));

    reference_data(&mut conn).await?;
    let parts_added = parts(&mut conn, (options.cips + CIPS_PER_PART - 1) / CIPS_PER_PART, &say, started).await?;
    let part_count = number_parts(&mut conn).await?;
    let mut vendors: Vec<String> = sqlx::query_scalar("select v.vend_code from vendor v join vendor_at_site a on a.vend_id = v.vend_id where a.site_id = $1 and v.active order by v.vend_code")
        .bind(site_id)
        .fetch_all(&mut conn)
        .await?;
    if vendors.is_empty() {
        vendors = vec!["10452".into(), "20114".into(), "30871".into()];
    }
    let segments: Vec<(i32, i32)> = sqlx::query_as("select seg_no, seg_length from asp.site_location_segment where site_id = $1 order by seg_no")
        .bind(site_id)
        .fetch_all(&mut conn)
        .await?;
    let plan = Arc::new(Plan {
        site_id,
        part_count,
        vendors,
        notes: NOTES.iter().map(|s| (*s).to_owned()).collect(),
        cid_sql: cid_statement(),
        cip_sql: cip_statement(&segments),
        batches: batches(options.cips),
        next: AtomicUsize::new(0),
        done: AtomicI64::new(0),
        total: options.cips - have,
        started,
        progress,
        day: options.day,
    });

    // Batches never depend on each other (a CID's second location is in the CID's own batch), so workers on
    // connections of their own load them side by side, one per core PostgreSQL has to work with.
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..workers {
        let (plan, connect, schema) = (Arc::clone(&plan), connect.clone(), schema.clone());
        set.spawn(async move {
            let mut conn = PgConnection::connect_with(&connect).await.context("connecting to the database")?;
            bulk_session(&mut conn, &schema, plan.site_id).await?;
            number_parts(&mut conn).await?;
            load(&mut conn, &plan).await
        });
    }
    let (mut cips_added, mut cids_added) = (0, 0);
    while let Some(joined) = set.join_next().await {
        let (cips, cids) = joined.context("a loading worker stopped")??;
        cips_added += cips;
        cids_added += cids;
    }

    let now = generated_cips(&mut conn, site_id, 1, MAX_CIPS).await?;
    if now < options.cips {
        bail!("the site has {now} generated CIPs instead of {} (were generated CIDs changed by hand?)", options.cips);
    }
    let analyzed = Instant::now();
    for table in ["cid", "cip", "asp.item_master"] {
        sqlx::query(&format!("analyze {table}")).execute(&mut conn).await?;
    }
    say(format!("statistics updated in {:.1}s", analyzed.elapsed().as_secs_f64()));
    let report = VolumeReport { site_id, cips: now, cips_added, cids_added, parts_added };
    say(format!(
        "{}: {} generated CIPs ({} added, {} CIDs, {} item-master parts, {workers} workers) in {:.1}s",
        options.site,
        report.cips,
        report.cips_added,
        report.cids_added,
        report.parts_added,
        started.elapsed().as_secs_f64()
    ));
    Ok(report)
}

/// Everything the loading workers share.
struct Plan {
    site_id: i64,
    part_count: i64,
    vendors: Vec<String>,
    notes: Vec<String>,
    cid_sql: String,
    cip_sql: String,
    batches: Vec<(i64, i64)>,
    /// The next batch to take.
    next: AtomicUsize,
    /// CIPs added so far, for the progress lines.
    done: AtomicI64,
    total: i64,
    started: Instant,
    progress: bool,
    day: SeedDay,
}

/// Ranges of k ending at multiples of [`BATCH`] (a multiple of 20, so CID k-1 of a CIP k divisible by 20 is always
/// in the same batch), up to `cips`.
fn batches(cips: i64) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let mut from = 1;
    while from <= cips {
        let to = (from + BATCH - 1).min(cips);
        out.push((from, to));
        from = to + 1;
    }
    out
}

/// Bulk loading on this connection: the owner is subject to the forced row-level security, so the session sees
/// the one site; commits need not wait for the disk (a crash loses the last batches, which a rerun redoes); a larger
/// GIN pending list and work memory make the trigram indexes merge in bulk.
async fn bulk_session(conn: &mut PgConnection, schema: &tenancy::SchemaName, site_id: i64) -> anyhow::Result<()> {
    for statement in [
        format!("select set_config('search_path', '{}', false)", schema.search_path()),
        format!("select set_config('asp.site_ids', '{{{site_id}}}', false)"),
        "set synchronous_commit = off".to_owned(),
        // The planner's row estimates for generated rows are wild, and JIT compiling the plan cost more than running it.
        "set jit = off".to_owned(),
        "set work_mem = '256MB'".to_owned(),
        "set gin_pending_list_limit = '16MB'".to_owned(),
    ] {
        sqlx::query(&statement).execute(&mut *conn).await?;
    }
    Ok(())
}

/// Generated CIPs of the site with k in `from..=to` (an index range scan).
async fn generated_cips(conn: &mut PgConnection, site_id: i64, from: i64, to: i64) -> anyhow::Result<i64> {
    Ok(sqlx::query_scalar("select count(*) from cip where site_id = $1 and cip_code between $2 and $3 and cip_code ~ '^V[0-9]{7}$'")
        .bind(site_id)
        .bind(format!("V{from:07}"))
        .bind(format!("V{to:07}"))
        .fetch_one(conn)
        .await?)
}

/// The generated parts as a numbered list (1..P) in a temporary table, for the CIDs to point at; answers P.
async fn number_parts(conn: &mut PgConnection) -> anyhow::Result<i64> {
    sqlx::query("drop table if exists pg_temp.vol_part").execute(&mut *conn).await?;
    sqlx::query(
        "create temp table vol_part as
         select (row_number() over (order by item_id))::bigint as rn, item_id, desc1, desc2, uom_typeid, serialized, lot_control, repairable
         from asp.item_master where upper(erp_vmi_item_code) like 'ERP%' and erp_vmi_item_code ~ '^ERP[0-9]{7}$'",
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query("alter table pg_temp.vol_part add primary key (rn)").execute(&mut *conn).await?;
    sqlx::query("analyze pg_temp.vol_part").execute(&mut *conn).await?;
    Ok(sqlx::query_scalar("select count(*) from pg_temp.vol_part").fetch_one(&mut *conn).await?)
}

/// One worker: takes batches until none is left; answers the CIPs and CIDs it added. A batch already complete is
/// skipped; one partly there (an interrupted run) is loaded skipping the rows that exist.
async fn load(conn: &mut PgConnection, plan: &Plan) -> anyhow::Result<(i64, i64)> {
    let (mut cips_added, mut cids_added) = (0, 0);
    while let Some(&(from, to)) = plan.batches.get(plan.next.fetch_add(1, Ordering::SeqCst)) {
        let there = generated_cips(conn, plan.site_id, from, to).await?;
        if there == to - from + 1 {
            continue;
        }
        let skip_existing = |sql: &str, conflict: &str| if there > 0 { format!("{sql} on conflict {conflict} do nothing") } else { sql.to_owned() };
        let batch_started = Instant::now();
        let mut tx = conn.begin().await?;
        let cids = sqlx::query(&skip_existing(&plan.cid_sql, "(site_id, lower(cust_item_code)) where merged_into_cid_no is null"))
            .bind(plan.site_id)
            .bind(from)
            .bind(to)
            .bind(plan.part_count)
            .bind(&plan.vendors)
            .bind(&plan.notes)
            .bind(plan.day.today())
            .execute(&mut *tx)
            .await
            .context("adding CIDs")?
            .rows_affected() as i64;
        let cid_seconds = batch_started.elapsed().as_secs_f64();
        let cips = sqlx::query(&skip_existing(&plan.cip_sql, "(site_id, cip_code)"))
            .bind(plan.site_id)
            .bind(from)
            .bind(to)
            .bind(plan.day.now())
            .execute(&mut *tx)
            .await
            .context("adding CIPs")?
            .rows_affected() as i64;
        tx.commit().await?;
        let cip_seconds = batch_started.elapsed().as_secs_f64() - cid_seconds;
        cips_added += cips;
        cids_added += cids;
        let done = plan.done.fetch_add(cips, Ordering::SeqCst) + cips;
        if plan.progress {
            println!(
                "CIPs {from}..{to} loaded: {done}/{} added ({}%), {:.1}s (this batch: CIDs {cid_seconds:.1}s, CIPs {cip_seconds:.1}s)",
                plan.total,
                done * 100 / plan.total.max(1),
                plan.started.elapsed().as_secs_f64()
            );
        }
    }
    Ok((cips_added, cids_added))
}

/// The manufacturers, brands, commodity and hazardous codes the generated parts use (missing ones only).
async fn reference_data(conn: &mut PgConnection) -> anyhow::Result<()> {
    for (code, name, brand) in MANUFACTURERS {
        sqlx::query("insert into asp.manufacturer (mfg_code, mfg_name) values ($1, $2) on conflict do nothing").bind(code).bind(name).execute(&mut *conn).await?;
        sqlx::query("insert into asp.brand (brand_name, mfg_code) values ($1, $2) on conflict do nothing").bind(brand).bind(code).execute(&mut *conn).await?;
    }
    for (_, _, code, description, _, _) in NOUNS {
        sqlx::query("insert into asp.commodity_code (commodity_code, segment, family, description) values ($1, left($1, 2), left($1, 4), $2) on conflict do nothing")
            .bind(code)
            .bind(description)
            .execute(&mut *conn)
            .await?;
    }
    for (code, description, class) in HAZARDOUS {
        sqlx::query("insert into asp.hazardous_code (haz_code, description, haz_class) values ($1, $2, $3) on conflict do nothing")
            .bind(code)
            .bind(description)
            .bind(class)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// `(10 - weighted sum) % 10` of the 11-digit text `b`: the UPC-A check digit, as SQL.
fn upc_check_digit(b: &str) -> String {
    let digit = |i: usize| format!("substr({b}, {i}, 1)::int");
    let odd: Vec<String> = (1..=11).step_by(2).map(digit).collect();
    let even: Vec<String> = (2..=10).step_by(2).map(digit).collect();
    format!("((10 - ((({}) * 3 + {}) % 10)) % 10)", odd.join(" + "), even.join(" + "))
}

/// Adds item-master parts until there are `wanted` generated ones; answers how many it added.
async fn parts(conn: &mut PgConnection, wanted: i64, say: &impl Fn(String), started: Instant) -> anyhow::Result<i64> {
    let have: i64 = sqlx::query_scalar(
        "select coalesce(max(substr(erp_vmi_item_code, 4)::bigint), 0) from asp.item_master
         where upper(erp_vmi_item_code) like 'ERP%' and erp_vmi_item_code ~ '^ERP[0-9]{7}$'",
    )
    .fetch_one(&mut *conn)
    .await?;
    if have >= wanted {
        return Ok(0);
    }
    // The word lists as parallel arrays: nouns point at their kind, kinds at their slice of each word list.
    let mut sizes: Vec<String> = Vec::new();
    let mut materials: Vec<String> = Vec::new();
    let mut specs: Vec<String> = Vec::new();
    let (mut size_at, mut material_at, mut spec_at) = (Vec::new(), Vec::new(), Vec::new());
    for kind in KINDS {
        let slice = |list: &mut Vec<String>, at: &mut Vec<[i32; 2]>, words: &[&str]| {
            at.push([list.len() as i32 + 1, words.len() as i32]);
            list.extend(words.iter().map(|w| (*w).to_owned()));
        };
        slice(&mut sizes, &mut size_at, kind.sizes);
        slice(&mut materials, &mut material_at, kind.materials);
        slice(&mut specs, &mut spec_at, kind.specs);
    }
    let starts = |at: &[[i32; 2]]| at.iter().map(|a| a[0]).collect::<Vec<i32>>();
    let counts = |at: &[[i32; 2]]| at.iter().map(|a| a[1]).collect::<Vec<i32>>();
    let noun_names: Vec<String> = NOUNS.iter().map(|n| n.0.to_owned()).collect();
    let noun_kinds: Vec<i32> = NOUNS.iter().map(|n| n.1 as i32 + 1).collect();
    let noun_commodities: Vec<String> = NOUNS.iter().map(|n| n.2.to_owned()).collect();
    let noun_uoms: Vec<i32> = NOUNS.iter().map(|n| n.4).collect();
    let noun_haz: Vec<String> = NOUNS.iter().map(|n| n.5.unwrap_or("").to_owned()).collect();
    let mfg_codes: Vec<String> = MANUFACTURERS.iter().map(|m| m.0.to_owned()).collect();
    let mut brands: Vec<i64> = Vec::with_capacity(MANUFACTURERS.len());
    for (code, _, brand) in MANUFACTURERS {
        let id: Option<i64> = sqlx::query_scalar("select brand_id from asp.brand where lower(brand_name) = lower($1) and mfg_code = $2")
            .bind(brand)
            .bind(code)
            .fetch_optional(&mut *conn)
            .await?;
        brands.push(id.unwrap_or(0));
    }
    let check = upc_check_digit("u.b");
    let sql = format!(
        "insert into asp.item_master (desc1, desc2, mfg_code, mfg_part_no, erp_vmi_item_code, item_status, shelf_life, lot_control, serialized,
             kit, repairable, haz_code, msds_req, asp_upc, commodity_code, uom_typeid, ship_weight, brand_id, export_classification,
             export_country_code)
         select $3[g.ni],
                $8[($9[g.c] + g.hs % $10[g.c])::int] || ' ' || $11[($12[g.c] + g.hm % $13[g.c])::int] || ' ' || $14[($15[g.c] + g.hp % $16[g.c])::int],
                $17[g.mi],
                case g.hx % 4
                    when 0 then left($17[g.mi], 3) || '-' || lpad(g.p::text, 7, '0')
                    when 1 then lpad(g.p::text, 7, '0') || '-' || chr(65 + (g.hx / 4 % 26)::int) || chr(65 + (g.hx / 104 % 26)::int)
                    when 2 then chr(65 + (g.hx / 4 % 26)::int) || lpad(g.p::text, 7, '0')
                    else lpad(g.p::text, 7, '0') || '/' || (1 + g.hx / 4 % 9)
                end,
                'ERP' || lpad(g.p::text, 7, '0'),
                case when g.hx % 97 = 0 then 3 when g.hx % 61 = 0 then 2 else 1 end,
                case when nullif($7[g.ni], '') is not null then 365 + (g.hx % 3) * 365 end,
                nullif($7[g.ni], '') is not null,
                $4[g.ni] in (3, 4) and g.hx % 5 = 0,
                false,
                $4[g.ni] in (3, 4) and g.hx % 11 = 0,
                nullif($7[g.ni], ''),
                nullif($7[g.ni], '') is not null,
                case when g.hx % 10 < 7 then u.b || {check} end,
                $5[g.ni],
                $6[g.ni],
                round((0.05 + (g.hx % 2000) / 100.0)::numeric, 3),
                nullif($18[g.mi], 0),
                case when g.hx % 13 = 0 then 'EAR99' end,
                (array['US', 'US', 'US', 'US', 'DE', 'JP', 'CN', 'MX', 'SE', 'IT'])[1 + (g.hx % 10)::int]
         from (select p, 1 + (abs(hashtext('n' || p)) % cardinality($3))::int as ni, 1 + (abs(hashtext('m' || p)) % cardinality($17))::int as mi,
                      $4[1 + (abs(hashtext('n' || p)) % cardinality($3))::int] as c,
                      abs(hashtext('s' || p))::bigint as hs, abs(hashtext('t' || p))::bigint as hm, abs(hashtext('u' || p))::bigint as hp,
                      abs(hashtext('x' || p))::bigint as hx
               from generate_series($1::bigint, $2::bigint) p) g
         cross join lateral (select '0' || lpad(((g.p * 104729 + 3141592) % 10000000000)::text, 10, '0') as b) u
         on conflict do nothing"
    );
    let mut from = have + 1;
    let mut added = 0;
    while from <= wanted {
        let to = (from + BATCH - 1).min(wanted);
        let n = sqlx::query(&sql)
            .bind(from)
            .bind(to)
            .bind(&noun_names)
            .bind(&noun_kinds)
            .bind(&noun_commodities)
            .bind(&noun_uoms)
            .bind(&noun_haz)
            .bind(&sizes)
            .bind(starts(&size_at))
            .bind(counts(&size_at))
            .bind(&materials)
            .bind(starts(&material_at))
            .bind(counts(&material_at))
            .bind(&specs)
            .bind(starts(&spec_at))
            .bind(counts(&spec_at))
            .bind(&mfg_codes)
            .bind(&brands)
            .execute(&mut *conn)
            .await
            .context("adding item-master parts")?
            .rows_affected();
        added += n as i64;
        say(format!("item-master parts {to}/{wanted}, {:.1}s", started.elapsed().as_secs_f64()));
        from = to + 1;
    }
    Ok(added)
}

/// Customer part of generated CID k: `ddd-kkkkkkk`, unique per site by its last 7 digits.
const CUST_PART: &str = "(100 + k % 900)::text || '-' || lpad(k::text, 7, '0')";

/// CIDs for k in $2..$3 at site $1 (k divisible by 20 has none: its CIP is a second location), pointing at part
/// `1 + (k * 2654435761) % P` ($4 = P; a prime multiplier spreads neighbouring k over the catalogue), their historic
/// price dated back from the day $7.
fn cid_statement() -> String {
    format!(
        "insert into cid (site_id, item_id, cust_item_code, cust_desc1, cust_desc2, vend_code, cid_status, uom_typeid, serialized, lot_control,
             repairable, avg_lead_time, crit_part, cust_avg_cost, stock_item, hist_price, hist_date, hist_qty, curr_abc_class_type_id)
         select $1, v.item_id, {CUST_PART}, v.desc1,
                case when h % 10 < 3 then concat_ws(' ', v.desc2, $6[1 + (h / 10 % cardinality($6))::int]) else v.desc2 end,
                $5[1 + (h / 7 % cardinality($5))::int],
                case when h % 100 < 2 then 2 when h % 100 = 2 then 3 else 1 end,
                v.uom_typeid, v.serialized, v.lot_control, v.repairable, 1 + (h % 30)::int, h % 37 = 0, cost, h % 19 <> 0,
                round(cost * (0.9 + (h % 21) / 100.0), 3), $7::date - (h % 400)::int, 1 + h % 50,
                case when h % 10 = 0 then 1 when h % 10 < 3 then 2 else 3 end
         from (select k, abs(hashtext('cid' || k))::bigint as h from generate_series($2::bigint, $3::bigint) k where k % 20 <> 0) g
         join pg_temp.vol_part v on v.rn = 1 + (k * 2654435761) % $4
         cross join lateral (select round(exp((h % 1000) / 1000.0 * ln(800.0))::numeric, 3) as cost) c
         order by k"
    )
}

/// The location of CIP k in the site's segments (`segments`: number and length; none: Aisle-Rack-Shelf, e.g.
/// `C-07-02`), as SQL: the first segment letters, the others zero-padded numbers, joined by `-`. Only integers of the
/// site's settings are spliced.
fn location_parts(segments: &[(i32, i32)]) -> Vec<String> {
    let segments: Vec<(i32, i32)> = if segments.is_empty() { vec![(1, 1), (2, 2), (3, 2)] } else { segments.to_vec() };
    segments
        .iter()
        .enumerate()
        .map(|(i, (no, len))| {
            let h = format!("abs(hashtext('loc{no}' || k))");
            if i == 0 {
                // Aisles: 20 letters, two letters where the segment allows (AA-TF).
                if *len >= 2 {
                    format!("chr(65 + ({h} % 20)) || chr(65 + ({h} / 20 % 6))")
                } else {
                    format!("chr(65 + ({h} % 20))")
                }
            } else {
                let width = (*len).clamp(1, 3) as u32;
                let values = [40, 8, 12, 6][(i - 1).min(3)].min(10_i32.pow(width) - 1);
                format!("lpad((1 + {h} % {values})::text, {width}, '0')")
            }
        })
        .collect()
}

/// CIPs for k in $2..$3 at site $1: CIP k belongs to CID k, or to CID k-1 when k is divisible by 20; their last
/// issue, receipt and count dated back from $4 (the seed's now).
fn cip_statement(segments: &[(i32, i32)]) -> String {
    let parts = location_parts(segments);
    let location = parts.join(" || '-' || ");
    let seg = |i: usize| parts.get(i).cloned().unwrap_or_else(|| "null".to_owned());
    let (s1, s2, s3, s4, s5) = (seg(0), seg(1), seg(2), seg(3), seg(4));
    let usage: Vec<String> = (1..=13).map(|i| format!("greatest(0, q.rate + abs(hashtext('u{i}' || k)) % 7 - 3)")).collect();
    let usage_columns = (1..=13).map(|i| format!("usage{i}")).collect::<Vec<_>>().join(", ");
    let month_usage = usage[..12].join(", ");
    format!(
        "insert into cip (site_id, cid_no, item_id, cip_code, status_id, location, loc_seg1, loc_seg2, loc_seg3, loc_seg4, loc_seg5,
             qty_on_hand, qty_avail, qty_on_hold, qty_on_order, qty_backorder, min_qty, max_qty, lot_qty, reorder_qty, num_lots,
             repl_type, keep_full, consigned, dispensing, vend_code, cust_avg_cost, warehouse_cost,
             {usage_columns}, month_usage, trans_count_cy, trans_count_py, repl_count_cy, repl_count_py, last_issue_date, last_receipt_date,
             last_count_date)
         select c.site_id, c.cid_no, c.item_id, 'V' || lpad(k::text, 7, '0'),
                case when c.cid_status <> 1 then c.cid_status when h % 200 = 0 then 5 when h % 200 = 1 then 4
                     when h % 100 in (2, 3) then 2 when h % 100 = 4 then 3 else 1 end,
                {location}, {s1}, {s2}, {s3}, {s4}, {s5},
                q.on_hand, q.on_hand - {on_hold}, {on_hold},
                case when q.on_hand <= q.min and h % 10 >= 3 then q.lot * ceil((q.max - q.on_hand) / q.lot) else 0 end,
                case when h % 60 = 0 then q.lot else 0 end,
                q.min, q.max, q.lot, q.lot, ceil((q.max - q.min) / q.lot),
                case when h % 20 < 2 then 1 when h % 20 = 2 then 3 else 2 end, h % 15 = 0, h % 11 = 0, h % 20 = 2,
                c.vend_code, c.cust_avg_cost, round(c.cust_avg_cost * 0.92, 3),
                {usage}, array[{month_usage}]::numeric[],
                (q.rate * 3 + h % 9)::int, (q.rate * 3 + h % 13)::int, (h % 9)::int, (h % 14)::int,
                case when q.rate > 0 then $4 - make_interval(days => (h % 45)::int) end,
                $4 - make_interval(days => (3 + h % 120)::int),
                $4 - make_interval(days => (h % 365)::int)
         from (select k, abs(hashtext('cip' || k))::bigint as h from generate_series($2::bigint, $3::bigint) k) g
         join cid c on c.site_id = $1 and c.merged_into_cid_no is null
                   and lower(c.cust_item_code) = lower((100 + (k - (k % 20 = 0)::int) % 900)::text || '-' || lpad((k - (k % 20 = 0)::int)::text, 7, '0'))
         cross join lateral (select (array[1, 1, 1, 2, 5, 6, 10, 12, 24, 25, 50, 100])[1 + (h % 12)::int]::numeric as lot) l
         cross join lateral (select l.lot, l.lot * (1 + h / 12 % 5) as min, l.lot * (1 + h / 12 % 5) + l.lot * (1 + h / 60 % 10) as max) m
         cross join lateral (select m.lot, m.min, m.max,
                                    case h / 600 % 12 when 0 then 0 when 1 then (h / 7200 % (m.min + 1))::numeric
                                         else (m.min + 1 + h / 7200 % (m.max - m.min + m.lot))::numeric end as on_hand,
                                    case when h / 31 % 10 < 3 then 0 else (h / 310 % 40)::int end as rate) q
         order by k",
        usage = usage.join(", "),
        on_hold = "case when h % 50 = 0 then least(1, q.on_hand) else 0 end"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_upc_check_digit_expression_weighs_odd_positions_three() {
        let sql = upc_check_digit("b");
        assert!(sql.starts_with("((10 - (((substr(b, 1, 1)::int + substr(b, 3, 1)::int"), "{sql}");
        assert!(sql.contains(") * 3 + substr(b, 2, 1)::int"), "{sql}");
    }

    #[test]
    fn locations_follow_the_sites_segments() {
        assert_eq!(location_parts(&[]).len(), 3);
        let parts = location_parts(&[(1, 2), (2, 3), (3, 1), (4, 2)]);
        assert_eq!(parts.len(), 4);
        assert!(parts[0].contains("|| chr(65"), "two-letter aisles: {}", parts[0]);
        assert!(parts[1].ends_with("% 40)::text, 3, '0')"), "{}", parts[1]);
        assert!(parts[2].ends_with("% 8)::text, 1, '0')"), "{}", parts[2]);
    }

    #[test]
    fn every_noun_has_a_kind_and_every_kind_words() {
        for (name, kind, code, _, uom, _) in NOUNS {
            assert!(*kind < KINDS.len(), "{name}");
            assert!(code.len() == 8 && code.bytes().all(|b| b.is_ascii_digit()), "{name}");
            assert!((1..=10).contains(uom), "{name}");
        }
        assert!(KINDS.iter().all(|k| !k.sizes.is_empty() && !k.materials.is_empty() && !k.specs.is_empty()));
    }
}
