//! Two checkouts that share one target folder (`CARGO_TARGET_DIR`) must each build their
//! own days.
//!
//! Cargo names the build of a workspace's own crates by their path *inside* the workspace,
//! so two checkouts of this workspace share those builds, and it judges them fresh by file
//! times (cargo#8693): in checkout B, whose files are older than A's last build, cargo
//! would take A's days, A's generated day lists and A's build-script output for B's. So
//! before building, the xtask looks at which checkout built into the target folder last;
//! when it was another one, it marks this checkout's sources as just changed (their
//! modification time), and cargo rebuilds the workspace's crates, and only them: the
//! dependencies from crates.io stay shared.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::SystemTime;

use anyhow::{Context, Result};
use aoc_workspace::files::{write_whole, Access};

/// The file in the target folder that names the checkout that last built into it.
const MARKER: &str = "aoc-workspace-checkout";

/// The file in the target folder whose lock is a [`BuildTurn`].
const TURN: &str = "aoc-workspace-build.lock";

/// One command's turn to build a workspace binary and start it. Cargo writes every build
/// of a binary to one path (`target/release/aoc-days`, whichever days it was built with),
/// so another terminal's build, or another checkout's sharing the target folder, must not
/// replace it between this build and the start of what it built. The lock is the
/// operating system's: it ends with the process, never left behind.
pub struct BuildTurn {
    _file: std::fs::File,
}

/// Waits for this command's [`BuildTurn`] in the target folder of the checkout at `root`
/// (saying so when another command holds it), and makes the coming build this checkout's.
pub fn take_build_turn(root: &Path) -> Result<BuildTurn> {
    let target = target_folder(root)?;
    std::fs::create_dir_all(&target).with_context(|| format!("cannot create {}", target.display()))?;
    let path = target.join(TURN);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            eprintln!("waiting for another command's build in {} to start what it built", target.display());
            file.lock().with_context(|| format!("cannot lock {}", path.display()))?;
        }
        // A file system without locks: go on as before there were any.
        Err(std::fs::TryLockError::Error(_)) => {}
    }
    claim(&target, root, SystemTime::now())?;
    Ok(BuildTurn { _file: file })
}

/// Makes the next build in `target` a build of the checkout at `root`, at time `now`.
fn claim(target: &Path, root: &Path, now: SystemTime) -> Result<()> {
    let marker = target.join(MARKER);
    let last = std::fs::read_to_string(&marker).ok();
    let here = root.display().to_string();
    if last.as_deref().is_some_and(|last| last.trim() != here) {
        for file in workspace_sources(root) {
            // A file that cannot be touched is left as it is: cargo then decides as before.
            if let Ok(handle) = std::fs::File::options().write(true).open(&file) {
                let _ = handle.set_modified(now);
            }
        }
    }
    if last.as_deref().map(str::trim) != Some(here.as_str()) {
        // `write_whole` creates the target folder if need be.
        write_whole(&marker, here.as_bytes(), Access::Shared)?;
    }
    Ok(())
}

/// Every file of the workspace's own crates (`crates/`, `xtask/`) and its root manifest,
/// without build output (`target` folders).
fn workspace_sources(root: &Path) -> Vec<PathBuf> {
    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_dir() && entry.file_name() != "target" {
                collect(&path, out);
            } else if kind.is_file() {
                out.push(path);
            }
        }
    }
    let mut files = vec![root.join("Cargo.toml")];
    collect(&root.join("crates"), &mut files);
    collect(&root.join("xtask"), &mut files);
    files
}

/// The target folder cargo builds the workspace at `root` into: the one the running xtask
/// was built into (`cargo xtask` runs `<target>/release/xtask`), else as `cargo metadata`
/// says (`CARGO_TARGET_DIR`, `.cargo/config.toml` and the default all taken into account).
/// The first answers without a third cargo process in every `run` of the solving loop.
pub fn target_folder(root: &Path) -> Result<PathBuf> {
    match std::env::current_exe().ok().as_deref().and_then(target_of_xtask) {
        Some(target) => Ok(target),
        None => target_folder_from_cargo(root),
    }
}

/// `<target>` for an xtask at `<target>/release/xtask` (the profile `cargo xtask` builds).
fn target_of_xtask(executable: &Path) -> Option<PathBuf> {
    let stem = executable.file_stem()?;
    let profile_folder = executable.parent()?;
    (stem == "xtask" && profile_folder.file_name()? == "release")
        .then(|| profile_folder.parent().map(Path::to_path_buf))?
}

fn target_folder_from_cargo(root: &Path) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(root)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .context("cannot run cargo metadata")?;
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).context("cargo metadata did not answer in JSON")?;
    metadata["target_directory"].as_str().map(PathBuf::from).context("cargo metadata did not name the target folder")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn modified(path: &Path) -> SystemTime {
        std::fs::metadata(path).unwrap().modified().unwrap()
    }

    #[test]
    fn the_target_folder_is_where_cargo_xtask_built_the_xtask() {
        assert_eq!(target_of_xtask(Path::new("/w/target/release/xtask")), Some(PathBuf::from("/w/target")));
        assert_eq!(target_of_xtask(Path::new("/shared/release/xtask.exe")), Some(PathBuf::from("/shared")));
        assert_eq!(target_of_xtask(Path::new("/w/target/debug/deps/xtask-0123abcd")), None, "a test: ask cargo");
        assert_eq!(target_of_xtask(Path::new("/w/target/release/aoc-days")), None);
    }

    #[test]
    fn a_switch_of_checkout_marks_its_sources_changed_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b, target) = (dir.path().join("a"), dir.path().join("b"), dir.path().join("shared-target"));
        for root in [&a, &b] {
            std::fs::create_dir_all(root.join("crates/aoc2016/src")).unwrap();
            std::fs::create_dir_all(root.join("crates/aoc2016/target")).unwrap();
            std::fs::write(root.join("Cargo.toml"), "[workspace]\n").unwrap();
            std::fs::write(root.join("crates/aoc2016/src/lib.rs"), "").unwrap();
            std::fs::write(root.join("crates/aoc2016/target/built"), "").unwrap();
        }
        let (a_source, b_source) = (a.join("crates/aoc2016/src/lib.rs"), b.join("crates/aoc2016/src/lib.rs"));
        let b_output = b.join("crates/aoc2016/target/built");
        let (a_before, output_before) = (modified(&a_source), modified(&b_output));
        let later = modified(&b_source) + Duration::from_secs(3600);

        claim(&target, &a, later).unwrap(); // the first checkout to build: nothing to redo
        assert_eq!(modified(&a_source), a_before);
        claim(&target, &a, later).unwrap(); // the same checkout again
        assert_eq!(modified(&a_source), a_before);

        claim(&target, &b, later).unwrap(); // another checkout: its sources are newer now
        assert_eq!(modified(&b_source), later);
        assert_eq!(modified(&b.join("Cargo.toml")), later);
        assert_eq!(modified(&b_output), output_before, "build output is left alone");
        assert_eq!(modified(&a_source), a_before, "the other checkout is left alone");
        assert_eq!(std::fs::read_to_string(target.join(MARKER)).unwrap(), b.display().to_string());
    }
}
