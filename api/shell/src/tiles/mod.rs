//! Home page tiles: the tiles the caller may see at the current site (small and large), with the caller's own
//! order and selection, under `/api/V1/Presentation`.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
