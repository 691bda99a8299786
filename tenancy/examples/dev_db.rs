//! Brings a development database to the latest migrations and makes sure the demo clients' schemas exist, without
//! building the `asp` binary: its compile-checked queries need this database first (scripts/dev-db.sh).
//! Usage: cargo run -p tenancy --example dev_db -- postgres://localhost/asp_sqlx

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::args().nth(1).ok_or("usage: dev_db <database url>")?;
    tenancy::migrate_all(&url, None).await?;
    for (code, name) in [("ACME", "Acme Manufacturing"), ("GEA", "GEA Industrial")] {
        let code = tenancy::ClientCode::parse(code)?;
        match tenancy::create_tenant(&url, &code, name, None).await {
            Ok(_) => {}
            // Already there: an earlier run or the demo seed made it.
            Err(tenancy::TenancyError::ClientExists(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    println!("{url}: migrated; client schemas client_acme and client_gea present");
    Ok(())
}
