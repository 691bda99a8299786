//! Training links (spec 2): links to training material by category (`home`, `devops`, ...), in
//! `asp.training_link`, for every user.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
