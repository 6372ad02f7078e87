//! Lists the year crates this binary links: writes `$OUT_DIR/years.rs`, the `DAYS` of every
//! year crate named `aoc<year>` among the dependencies in its manifest, so a new year is one
//! line there. The benchmarks' package runs this script too (its `build` key), on its own
//! manifest. (A year crate's own `DAYS` are written by its build script: crate `aoc-build`.)

fn main() {
    println!("cargo:rerun-if-changed=Cargo.toml");
    let source = years_source(&std::fs::read_to_string("Cargo.toml").unwrap_or_default());
    let Some(dir) = std::env::var_os("OUT_DIR") else {
        println!("cargo:warning=OUT_DIR is not set: cannot write years.rs");
        std::process::exit(1);
    };
    let path = std::path::Path::new(&dir).join("years.rs");
    if let Err(e) = std::fs::write(&path, source) {
        println!("cargo:warning=cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}

/// The Rust source of `YEARS`: the `DAYS` of the year crates (`aoc<year>`) among the
/// `[dependencies]` of `manifest`, in order (none when it is no valid TOML: cargo says why).
/// Tested by the xtask (`scaffold`), which adds the year crates to this manifest.
pub(crate) fn years_source(manifest: &str) -> String {
    let doc = manifest.parse::<toml_edit::DocumentMut>().ok();
    let dependencies = doc.as_ref().and_then(|doc| doc.get("dependencies")?.as_table_like());
    let is_year = |key: &str| key.len() == 7 && key.starts_with("aoc") && key[3..].chars().all(|c| c.is_ascii_digit());
    let mut crates: Vec<&str> = dependencies.into_iter().flat_map(|t| t.iter()).map(|(k, _)| k).collect();
    crates.retain(|k| is_year(k));
    crates.sort();
    let mut out = String::from(
        "// Written by the build script from this crate's manifest. Do not edit.\n\n/// The days of every year crate, year by year.\npub static YEARS: &[&[::aoc_day::Day]] = &[\n",
    );
    for krate in crates {
        out += &format!("    {krate}::DAYS,\n");
    }
    out + "];\n"
}
