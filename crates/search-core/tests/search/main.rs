//! search-core's integration tests, in one test binary (each integration test file would be
//! a crate of its own, compiled and linked apart): property tests against `pathfinding`,
//! and hand-written edge cases.

mod cross_check;
mod edge_cases;
mod numbered;
