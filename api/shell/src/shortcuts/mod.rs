//! Shortcuts: the quick links of the shell the caller may see, with the caller's own order and visibility, under
//! `/api/V1/Presentation` (the context lists them too).

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
