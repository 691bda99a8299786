//! The job resource (`/api/V1/DevOps/Job`, FSSConnectAdmin): the rows of `asp.job` with their status, the run
//! history in `asp.job_run`, each run's log file, and the administrator's actions (activate, deactivate, reset, log
//! level). The scheduler (`crate::scheduler`) runs the jobs.

pub mod http;
pub mod model;
pub mod repo;
pub mod service;
