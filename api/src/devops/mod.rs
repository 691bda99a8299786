//! Administrator and developer tools (spec 2).

pub mod dbtools;
pub mod diff;
pub mod errorlog;
pub mod glossary;
pub mod releases;
