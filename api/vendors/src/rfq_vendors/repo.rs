//! SQL of RFQ vendors: an RFQ's vendor at a site, read through the vendor rule (`vendor_at_site`) and a user's
//! vendor restrictions, like every read of a vendor.

use tenancy::TenantTx;

use super::model::VendorMinRfq;

/// RFQ vendor `rfq_vendor_id` of `site_id` with its vendor, when the vendor rule shows the vendor there and the
/// restrictions of `restricted_user` (none: no restrictions) at client `client_id` allow it. The contact falls back from the RFQ's to the site's vendor record to the vendor's.
pub async fn find(tx: &mut TenantTx, rfq_vendor_id: i64, site_id: i64, restricted_user: Option<i64>, client_id: i64) -> Result<Option<VendorMinRfq>, sqlx::Error> {
    sqlx::query_as!(
        VendorMinRfq,
        r#"select rv.rfq_vendor_id, rv.rfq_id, rv.site_id, rv.status, rv.sent_date, rv.responded_date, v.vend_id, v.vend_code, v.vend_name,
                  coalesce(rv.contact_name, vs.contact_name, v.contact_name) as contact_name,
                  coalesce(rv.contact_email, vs.email, v.email) as email,
                  coalesce(rv.contact_phone, v.phone) as phone,
                  nullif(concat_ws(', ', v.address1, v.address2, v.city, nullif(concat_ws(' ', st.code, v.postal_code), '')), '') as address,
                  v.currency_code_type_id, cu.code as "currency?", v.is_hidden
           from rfq_vendor rv
           join rfq_header h on h.rfq_id = rv.rfq_id and h.site_id = rv.site_id
           join vendor v on v.vend_id = rv.vend_id
           join vendor_at_site a on a.vend_id = v.vend_id and a.site_id = rv.site_id
           left join vendor_site vs on vs.vend_id = v.vend_id and vs.site_id = rv.site_id
           left join asp.type_value st on st.type_code = 'State' and st.value_id = v.state_type_id and st.site_id is null and st.erp_type_id is null and st.ecs_id is null
           left join asp.type_value cu on cu.type_code = 'Currency' and cu.value_id = v.currency_code_type_id and cu.site_id is null and cu.erp_type_id is null and cu.ecs_id is null
           where rv.rfq_vendor_id = $1 and rv.site_id = $2
             and ($3::bigint is null or exists (select 1 from asp.user_vendor_restriction r
                                                where r.asp_users_id = $3 and r.client_id = $4 and r.vend_id = v.vend_id))"#,
        rfq_vendor_id,
        site_id,
        restricted_user,
        client_id
    )
    .fetch_optional(&mut **tx)
    .await
}
