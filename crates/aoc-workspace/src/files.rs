//! Every file the workspace writes is written whole or not at all: the new text goes to a
//! temporary file in the same folder, is flushed to disk, and is renamed over the old one.
//! A rename within a folder is atomic, so a process killed at any moment (`kill -9`, a
//! full disk, Ctrl-C) leaves the old file or the new one, never an empty or partial one.
//!
//! [`Pending`] splits the write in two, so that a command can make sure it can write a
//! file before it spends something it cannot take back (a request to the site): the
//! temporary file is created first, naming the folder when that fails, and filled later.
//!
//! Temporary files are named `.<name>.<process id>.<n>.tmp` beside their target, so a
//! writer killed mid-write leaves at most that behind, never a broken target.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Who may read a written file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Only its owner (mode 0600 on Unix): puzzle inputs, pages and answers, which Advent
    /// of Code asks users to keep private.
    Private,
    /// As the user's umask says, or as the file it replaces was: sources, baselines, the
    /// README.
    Shared,
}

/// A write that failed: which file or folder, and why.
#[derive(Debug, thiserror::Error)]
#[error("cannot {} {}: {cause}", if *.folder { "write into the folder" } else { "write" }, .path.display())]
pub struct WriteError {
    /// The folder that could not be created or written to, or the file that could not be
    /// replaced.
    pub path: PathBuf,
    /// Whether `path` is the folder (the file itself was never reached).
    pub folder: bool,
    /// Why: in the message, not its `source()`, so that a chain of errors says it once.
    pub cause: std::io::Error,
}

impl From<WriteError> for std::io::Error {
    fn from(e: WriteError) -> std::io::Error {
        std::io::Error::new(e.cause.kind(), e.to_string())
    }
}

/// Writes `contents` to `path` whole or not at all (see the module documentation),
/// creating its folder if needed.
pub fn write_whole(path: &Path, contents: &[u8], access: Access) -> Result<(), WriteError> {
    Pending::create(path, access)?.commit(contents)
}

/// A file being written: its temporary file exists (so its folder is writable), and the
/// target is untouched until [`Pending::commit`]. Dropped uncommitted, it removes its
/// temporary file.
#[derive(Debug)]
pub struct Pending {
    target: PathBuf,
    temporary: PathBuf,
    file: Option<File>,
}

impl Pending {
    /// Creates `path`'s folder if needed and a temporary file in it. An error names the
    /// folder: it is what the user has to fix (read-only, or a file where a folder belongs).
    pub fn create(path: &Path, access: Access) -> Result<Pending, WriteError> {
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let in_folder = |cause| WriteError { path: folder.to_path_buf(), folder: true, cause };
        std::fs::create_dir_all(folder).map_err(in_folder)?;
        let temporary = temporary_beside(path);
        let file = open_new(&temporary, access, path).map_err(in_folder)?;
        Ok(Pending { target: path.to_path_buf(), temporary, file: Some(file) })
    }

    /// Writes `contents`, flushes them to disk and renames the file into place.
    pub fn commit(mut self, contents: &[u8]) -> Result<(), WriteError> {
        let file = self.file.take();
        let failed = |cause| WriteError { path: self.target.clone(), folder: false, cause };
        let Some(mut file) = file else {
            return Err(failed(std::io::Error::other("already committed")));
        };
        file.write_all(contents).and_then(|()| file.sync_all()).map_err(failed)?;
        drop(file);
        std::fs::rename(&self.temporary, &self.target).map_err(failed)
        // On success there is nothing left to remove; on failure `drop` removes it.
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // Gone already when committed; a failed or abandoned write leaves nothing behind.
        let _ = std::fs::remove_file(&self.temporary);
    }
}

/// A name beside `path` that no other writer (another process, or another thread of this
/// one) uses at the same time.
fn temporary_beside(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

/// Creates `temporary` (it must not exist) with the permissions `access` asks for; a
/// shared file keeps those of the `target` it replaces.
fn open_new(temporary: &Path, access: Access, target: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if access == Access::Private {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = options.open(temporary)?;
    if access == Access::Shared {
        if let Ok(old) = std::fs::metadata(target) {
            file.set_permissions(old.permissions())?;
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/file.txt");
        write_whole(&path, b"one", Access::Shared).unwrap();
        write_whole(&path, b"two", Access::Shared).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(names(&dir.path().join("a/b")), ["file.txt"]);
    }

    #[test]
    fn an_abandoned_write_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file.txt");
        write_whole(&path, b"old", Access::Shared).unwrap();
        let pending = Pending::create(&path, Access::Shared).unwrap();
        assert_eq!(names(dir.path()).len(), 2, "the temporary file exists before the commit");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        drop(pending);
        assert_eq!(names(dir.path()), ["file.txt"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    }

    #[cfg(unix)]
    #[test]
    fn private_files_are_the_owners_alone_and_shared_ones_keep_their_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let private = dir.path().join("input.txt");
        write_whole(&private, b"secret", Access::Private).unwrap();
        assert_eq!(std::fs::metadata(&private).unwrap().permissions().mode() & 0o777, 0o600);
        let script = dir.path().join("run.sh");
        write_whole(&script, b"#!/bin/sh\n", Access::Shared).unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o751)).unwrap();
        write_whole(&script, b"#!/bin/sh\ntrue\n", Access::Shared).unwrap();
        assert_eq!(std::fs::metadata(&script).unwrap().permissions().mode() & 0o777, 0o751);
    }

    #[test]
    fn a_folder_that_cannot_hold_the_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("inputs"), "a file where a folder belongs").unwrap();
        let err = Pending::create(&dir.path().join("inputs/2016/day11.txt"), Access::Private).unwrap_err();
        assert!(err.folder && err.path.ends_with("inputs/2016"), "{err:?}");
        assert!(err.to_string().starts_with("cannot write into the folder "), "{err}");
        assert!(err.to_string().contains("inputs/2016: "), "{err}");
    }
}
