//! Historic price methods and the sites that offer them (spec 4 "Historic price method site link"): the methods are
//! the 'HistoricPriceMethod' type values, the links rows of asp.type_historic_pricing_method_site.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
