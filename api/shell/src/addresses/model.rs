//! Wire types of addresses.

use poem_openapi::Object;
use sqlx::FromRow;

#[derive(Object, FromRow, Clone, Debug)]
pub struct Address {
    pub address_id: i64,
    pub site_id: i64,
    pub ship_to_name: String,
    pub address1: String,
    pub address2: Option<String>,
    pub address3: Option<String>,
    pub address4: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub country: String,
    pub contact_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub fax: Option<String>,
}

impl kernel::records::SiteRecord for Address {
    fn site_id(&self) -> i64 {
        self.site_id
    }
}

#[derive(Object, Clone)]
pub struct AddressInput {
    /// Required for PUT.
    pub address_id: Option<i64>,
    #[oai(validator(max_length = 200))]
    pub ship_to_name: String,
    #[oai(validator(max_length = 200))]
    pub address1: String,
    #[oai(validator(max_length = 200))]
    pub address2: Option<String>,
    #[oai(validator(max_length = 200))]
    pub address3: Option<String>,
    #[oai(validator(max_length = 200))]
    pub address4: Option<String>,
    #[oai(validator(max_length = 100))]
    pub city: String,
    #[oai(validator(max_length = 50))]
    pub state: String,
    #[oai(validator(max_length = 20))]
    pub postal_code: String,
    #[oai(validator(max_length = 60))]
    pub country: Option<String>,
    #[oai(validator(max_length = 200))]
    pub contact_name: Option<String>,
    #[oai(validator(max_length = 200))]
    pub email: Option<String>,
    #[oai(validator(max_length = 50))]
    pub phone: Option<String>,
    #[oai(validator(max_length = 50))]
    pub fax: Option<String>,
}
