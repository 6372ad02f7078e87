//! Where the workspace is, found when a command runs, never baked in when it is compiled.
//!
//! A path fixed at compile time (`env!("CARGO_MANIFEST_DIR")`) goes stale: cargo does not
//! rebuild a crate whose folder moved (cargo#8693), and two checkouts that share one
//! `CARGO_TARGET_DIR` share its binaries. So every tool asks at run time, in this order:
//! 1. `AOC_ROOT`, which the xtask sets for the runner it calls;
//! 2. `CARGO_MANIFEST_DIR` as cargo sets it in the environment of `cargo run`, `cargo test`
//!    and `cargo bench` (the package's folder; the workspace is at or above it);
//! 3. the current folder.
//!
//! From 2 and 3 the root is the nearest folder at or above whose `Cargo.toml` has a
//! `[workspace]` table.

use std::path::{Path, PathBuf};

/// The variable the xtask sets to the workspace root for the runner.
pub const ROOT_VARIABLE: &str = "AOC_ROOT";

/// No workspace was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no Cargo workspace at or above {}: run this inside your Advent of Code workspace", .from.display())]
pub struct NoWorkspace {
    /// The folder the search started from.
    pub from: PathBuf,
}

/// The workspace root of the command running now (see the module documentation).
pub fn workspace_root() -> Result<PathBuf, NoWorkspace> {
    if let Some(root) = std::env::var_os(ROOT_VARIABLE).filter(|r| !r.is_empty()) {
        return Ok(PathBuf::from(root));
    }
    let start = match std::env::var_os("CARGO_MANIFEST_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => std::env::current_dir().map_err(|_| NoWorkspace { from: PathBuf::from(".") })?,
    };
    enclosing_workspace(&start).ok_or(NoWorkspace { from: start })
}

/// The nearest folder at or above `start` whose `Cargo.toml` declares a `[workspace]` (a line
/// of its own, as cargo writes it).
pub fn enclosing_workspace(start: &Path) -> Option<PathBuf> {
    let manifest = |dir: &Path| std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
    start.ancestors().find(|dir| manifest(dir).lines().any(|line| line.trim() == "[workspace]")).map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_workspace_manifest_wins() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("ws");
        std::fs::create_dir_all(root.join("crates/day/src")).unwrap();
        std::fs::write(root.join("Cargo.toml"), "[workspace]\nmembers = [\"crates/*\"]\n").unwrap();
        std::fs::write(root.join("crates/day/Cargo.toml"), "[package]\nname = \"day\"\n").unwrap();
        assert_eq!(enclosing_workspace(&root.join("crates/day/src")), Some(root.clone()));
        assert_eq!(enclosing_workspace(&root), Some(root.clone()));
        // A `[workspace.package]` table alone does not make a workspace root.
        std::fs::write(root.join("Cargo.toml"), "[workspace.package]\nedition = \"2021\"\n").unwrap();
        assert_eq!(enclosing_workspace(&root.join("crates/day")), None);
    }

    #[test]
    fn this_crate_is_inside_a_workspace() {
        let root = workspace_root().unwrap();
        assert!(root.join("Cargo.toml").is_file(), "{}", root.display());
    }
}
