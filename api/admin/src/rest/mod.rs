//! The react-admin simple-rest adapter (`/api/admin/<resource>`): one thin adapter over the users, roles,
//! permissions and sites services. `sort`, `range` and `filter` query parameters come in ([`model::ListQuery`]
//! turns them into the resource's `kernel::listing::Criteria`), a JSON array with `Content-Range` goes out. The
//! search itself is the resource service's, the same one the spec-shaped searches use.

pub mod http;
pub mod model;
