//! Demo device tokens (docs/devices.md): the ACME sites' coil vending machine and PPE locker each hold a token, and
//! the locker an earlier, revoked one, so the Device Tokens screen shows live and revoked tokens. The secrets are
//! random and thrown away (only their SHA-256 is stored, as for real tokens): a demo device is given a new token by
//! issuing one. The vending machines' tokens were issued for a limited time and expire 45 days after the seed day (the
//! expiry warning of docs/alerts.md). Fills only what is missing.

use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;

use super::SeedDay;

pub async fn demo(conn: &mut PgConnection, day: SeedDay) -> anyhow::Result<()> {
    let devices: Vec<(i64, i64, String)> = sqlx::query_as(
        "select s.site_id, t.station_id, t.station_code from asp.site s join client_acme.station t using (site_id)
         where s.site_code in ('ACME-NORTH', 'ACME-SOUTH') and t.station_code in ('VM-01', 'LK-01')
           and not exists (select 1 from asp.device_token d where d.site_id = s.site_id)
         order by s.site_id, t.station_code",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (site_id, station_id, code) in devices {
        let rounds = if code == "LK-01" { 2 } else { 1 };
        for round in 0..rounds {
            let mut bytes = [0u8; 32];
            rand::thread_rng().fill_bytes(&mut bytes);
            let hash = Sha256::digest(bytes).to_vec();
            let prefix = format!("aspdev_{}", &hex_of(&bytes)[..6]);
            let revoked = rounds == 2 && round == 0;
            sqlx::query(
                "insert into asp.device_token (site_id, station_id, device_name, token_hash, token_prefix, created_by, created_at,
                     revoked_by, revoked_at, last_used_at, expires_at)
                 select $1, $2, $3, $4, $5, u.asp_users_id, $8 - interval '40 days' + make_interval(days => 20 * $6),
                     case when $7 then u.asp_users_id end, case when $7 then $8 - interval '20 days' end,
                     case when $7 then $8 - interval '21 days' else $8 - interval '2 hours' end,
                     case when $3 = 'VM-01' then $8 + interval '45 days' end
                 from asp.asp_users u where u.user_id = 'admin'",
            )
            .bind(site_id)
            .bind(station_id)
            .bind(&code)
            .bind(hash)
            .bind(prefix)
            .bind(round)
            .bind(revoked)
            .bind(day.now())
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
