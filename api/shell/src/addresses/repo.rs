//! SQL of addresses. Functions take the tenant transaction, so they cannot run without a granted scope.

use tenancy::TenantTx;

use super::model::{Address, AddressInput};

pub async fn find(tx: &mut TenantTx, id: i64) -> Result<Option<Address>, sqlx::Error> {
    sqlx::query_as!(
        Address,
        "select address_id, site_id, ship_to_name, address1, address2, address3, address4, city, state, postal_code, country,
             contact_name, email, phone, fax
         from address where address_id = $1",
        id
    )
    .fetch_optional(&mut **tx)
    .await
}

/// A new address at the transaction's site (country US unless given).
pub async fn insert(tx: &mut TenantTx, a: &AddressInput) -> Result<Address, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_as!(
        Address,
        "insert into address (site_id, ship_to_name, address1, address2, address3, address4, city, state, postal_code, country, contact_name, email, phone, fax)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, 'US'), $11, $12, $13, $14)
         returning address_id, site_id, ship_to_name, address1, address2, address3, address4, city, state, postal_code, country,
             contact_name, email, phone, fax",
        site_id,
        a.ship_to_name,
        a.address1,
        a.address2,
        a.address3,
        a.address4,
        a.city,
        a.state,
        a.postal_code,
        a.country,
        a.contact_name,
        a.email,
        a.phone,
        a.fax
    )
    .fetch_one(&mut **tx)
    .await
}

/// Updates the address `id` of the transaction's site (the country stays unless given).
pub async fn update(tx: &mut TenantTx, id: i64, a: &AddressInput) -> Result<Option<Address>, sqlx::Error> {
    let site_id = tx.site_id();
    sqlx::query_as!(
        Address,
        "update address set ship_to_name = $3, address1 = $4, address2 = $5, address3 = $6, address4 = $7, city = $8, state = $9,
             postal_code = $10, country = coalesce($11, country), contact_name = $12, email = $13, phone = $14, fax = $15, updated_at = now()
         where address_id = $1 and site_id = $2
         returning address_id, site_id, ship_to_name, address1, address2, address3, address4, city, state, postal_code, country,
             contact_name, email, phone, fax",
        id,
        site_id,
        a.ship_to_name,
        a.address1,
        a.address2,
        a.address3,
        a.address4,
        a.city,
        a.state,
        a.postal_code,
        a.country,
        a.contact_name,
        a.email,
        a.phone,
        a.fax
    )
    .fetch_optional(&mut **tx)
    .await
}
