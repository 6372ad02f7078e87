//! Checks of the workspace as a whole, beside the xtask's own unit tests: one test binary
//! fewer to build.

mod import_cycles;
