//! Writes this crate's own cargo-aoc metadata (see `crates/aoc-build.rs`, shared by every
//! year crate, for why) and the 2016 day 11 table of fewest rides (see
//! `src/day11/tablebase.rs`).

use std::path::PathBuf;

mod aoc_metadata {
    include!("../aoc-build.rs");

    pub fn write() {
        main();
    }
}

#[allow(dead_code)] // the build uses the model's rides only
#[path = "src/day11/model.rs"]
mod model;

#[path = "src/day11/tablebase.rs"]
mod tablebase;

fn main() {
    aoc_metadata::write();
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        println!("cargo:warning=OUT_DIR is not set: cannot write the day 11 table");
        std::process::exit(1);
    };
    let path = PathBuf::from(out_dir).join("day11-tablebase.bin");
    let written = tablebase::generate().and_then(|table| std::fs::write(&path, table).map_err(|e| e.to_string()));
    if let Err(e) = written {
        println!("cargo:warning=cannot write the day 11 table {}: {e}", path.display());
        std::process::exit(1);
    }
}
