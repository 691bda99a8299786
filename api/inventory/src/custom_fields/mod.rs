//! Custom fields of CIDs and CIPs (domain.md section 2): 20 definitions per record kind and site, possible values of
//! list fields, values validated against their definition, bulk import. Layout: `model` (wire types), `repo` (SQL),
//! `rules` (the rules engine: values against definitions), `service` (definitions, possible values and values, with
//! their transactions), `import` (the file import), `http` (thin operations). See docs/cid.md.

pub mod http;
pub mod import;
pub mod model;
pub mod repo;
pub mod rules;
pub mod service;
