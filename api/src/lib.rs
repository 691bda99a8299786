//! The ASP API service: the only crate that knows HTTP.

pub mod access;
pub mod admin;
pub mod alerts;
pub mod app;
pub mod audit;
pub mod auth;
pub mod cli;
pub mod config;
pub mod devops;
pub mod error;
pub mod export;
pub mod health;
pub mod jobs;
pub mod listing;
pub mod lookups;
pub mod openapi;
pub mod records;
pub mod seed;
pub mod shell;
pub mod state;
