//! The `asp` command line.

use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::app::Application;
use kernel::config::Settings;

#[derive(Parser)]
#[command(name = "asp", version, about = "ASP procurement and inventory portal")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API, the staff console and the portal.
    Serve,
    /// Migrate the shared schema, then every client schema, in lockstep.
    Migrate,
    /// Client schemas.
    Tenant {
        #[command(subcommand)]
        command: TenantCommand,
    },
    /// Load data.
    Seed {
        /// The demo clients, sites and users listed in the README.
        #[arg(long)]
        demo: bool,
        /// Fill one site with this many generated CIPs (and their CIDs and item-master parts), for benchmarks.
        #[arg(long, value_name = "N")]
        volume: Option<i64>,
        /// Add this many generated stock transactions to the site's ledger (after opening balances), for benchmarks.
        #[arg(long, value_name = "N")]
        transactions: Option<i64>,
        /// The client of --volume and --transactions.
        #[arg(long, default_value = "ACME")]
        client: String,
        /// The site of --volume and --transactions.
        #[arg(long, default_value = "ACME-NORTH")]
        site: String,
        /// The day the data is written as of: every date and time seeded counts from it (default: today, UTC).
        #[arg(long, value_name = "YYYY-MM-DD")]
        today: Option<chrono::NaiveDate>,
    },
    /// Print the OpenAPI document (needs no database).
    Openapi,
}

#[derive(Subcommand)]
enum TenantCommand {
    /// Provision a client schema at the current migration version.
    Create {
        client_code: String,
        /// Display name (defaults to the code).
        #[arg(long)]
        name: Option<String>,
    },
}

/// Log lines go to stderr through a writer thread, so a request never waits for the terminal or a log pipe (lines
/// are dropped rather than blocking when that thread falls behind). Keep the guard until exit: it flushes.
fn init_tracing() -> tracing_appender::non_blocking::WorkerGuard {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("ASP_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let json = std::env::var("ASP_LOG_FORMAT").is_ok_and(|v| v == "json");
    let (writer, guard) = tracing_appender::non_blocking(std::io::stderr());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
    guard
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        println!("{}", crate::openapi::document());
        return ExitCode::SUCCESS;
    }
    let _log_flush = init_tracing();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("asp: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("asp: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command) -> anyhow::Result<()> {
    let settings = Settings::load()?;
    match command {
        Command::Serve => {
            tracing::info!(settings = ?settings, "starting");
            let app = Application::build(settings).await?;
            tokio::select! {
                r = app.run_until_stopped() => r,
                _ = tokio::signal::ctrl_c() => { tracing::info!("stopping"); Ok(()) }
            }
        }
        Command::Migrate => {
            let n = tenancy::migrate_all(settings.owner_url(), settings.app_role().as_deref()).await.context("migrating")?;
            check_site_ids(&settings).await?;
            println!("migrated the shared schema and {n} client schema(s)");
            Ok(())
        }
        Command::Tenant { command: TenantCommand::Create { client_code, name } } => {
            let code = tenancy::ClientCode::parse(&client_code)?;
            let name = name.unwrap_or_else(|| code.to_string());
            let client = tenancy::create_tenant(settings.owner_url(), &code, &name, settings.app_role().as_deref()).await?;
            println!("created client {} (id {}) in schema {}", client.code, client.client_id, client.schema);
            Ok(())
        }
        Command::Seed { demo, volume, transactions, client, site, today } => {
            anyhow::ensure!(demo || volume.is_some() || transactions.is_some(), "say what to load: --demo, --volume N, --transactions N");
            let day = today.map_or_else(crate::seed::SeedDay::real, crate::seed::SeedDay);
            if demo {
                crate::seed::demo(&settings, day).await?;
                println!("demo data ready (users listed in README.md, password Demo@pass1)");
            }
            if let Some(cips) = volume {
                crate::seed::volume::run(&settings, &crate::seed::volume::VolumeOptions { cips, client: client.clone(), site: site.clone(), progress: true, day }).await?;
            }
            if let Some(transactions) = transactions {
                let options = crate::seed::ledger_volume::LedgerVolumeOptions { transactions, client, site, progress: true, day };
                crate::seed::ledger_volume::run(&settings, &options).await?;
            }
            Ok(())
        }
        Command::Openapi => Ok(()),
    }
}

/// Refuses a tenant schema whose tables lack site_id (unless client-tier) or whose site-tier tables lack the forced
/// row-level security policy: every site-tier row must be reachable only through its site.
async fn check_site_ids(settings: &Settings) -> anyhow::Result<()> {
    let pool = tenancy::connect_pool(settings.owner_url(), 1).await?;
    let schemas: Vec<String> = sqlx::query_scalar("select schema_name from asp.client").fetch_all(&pool).await?;
    let mut conn = pool.acquire().await?;
    for schema in schemas {
        if let Some(name) = tenancy::SchemaName::parse(&schema) {
            let missing = tenancy::tables_without_site_id(&mut conn, &name).await?;
            anyhow::ensure!(missing.is_empty(), "tenant tables without site_id in {schema}: {missing:?}");
            let unguarded = tenancy::tables_without_policy(&mut conn, &name).await?;
            anyhow::ensure!(unguarded.is_empty(), "site-tier tables without the row-level security policy in {schema}: {unguarded:?}");
        }
    }
    Ok(())
}
