//! Registers this crate's days and writes its cargo-aoc metadata (crate `aoc-build`), and
//! fills the 2016 day 11 table of fewest rides (crate `aoc2016-day11-model`).

use std::path::PathBuf;

fn main() {
    aoc_build::year_crate();
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        println!("cargo:warning=OUT_DIR is not set: cannot write the day 11 table");
        std::process::exit(1);
    };
    let path = PathBuf::from(out_dir).join("day11-tablebase.bin");
    let written = aoc2016_day11_model::tablebase::generate()
        .and_then(|table| std::fs::write(&path, table).map_err(|e| e.to_string()));
    if let Err(e) = written {
        println!("cargo:warning=cannot write the day 11 table {}: {e}", path.display());
        std::process::exit(1);
    }
}
