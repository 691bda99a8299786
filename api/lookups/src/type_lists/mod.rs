//! Administration of the reference lists: the lists, a paged search of one list's values, adding and changing values
//! (deactivation instead of deletion: records store value ids). TypeListAdmin only; every change audited.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
