//! One site command at a time, across processes: a lock file held while a command waits
//! out the request spacing, sends its request and records what came back (an input, a
//! page, a verdict in the answers file). Two `submit`s started together therefore send
//! five seconds apart and each reads the other's verdict before deciding.
//!
//! The lock is the operating system's (`flock` / `LockFileEx`, through `fs4`): it ends
//! with the process, so a killed command never leaves a stale lock behind.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use fs4::{FileExt, TryLockError};

/// Held while it lives; dropping it (or the process ending) releases the lock.
#[derive(Debug)]
pub struct SiteLock {
    _file: File,
}

impl SiteLock {
    /// Takes the lock at `path` (created if needed), waiting for another command holding
    /// it and saying so on `log`.
    pub fn acquire(path: &Path, log: &mut dyn Write) -> std::io::Result<SiteLock> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let file = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(path)?;
        match FileExt::try_lock(&file) {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let _ = writeln!(log, "waiting for another site command of this workspace to finish");
                FileExt::lock(&file)?;
            }
            Err(TryLockError::Error(e)) => return Err(e),
        }
        Ok(SiteLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_second_holder_waits_for_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("site.lock");
        let first = SiteLock::acquire(&path, &mut Vec::new()).unwrap();
        let waiter = {
            let path = path.clone();
            std::thread::spawn(move || {
                let started = Instant::now();
                let mut log = Vec::new();
                let _second = SiteLock::acquire(&path, &mut log).unwrap();
                (started.elapsed(), String::from_utf8(log).unwrap())
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        drop(first);
        let (waited, log) = waiter.join().unwrap();
        assert!(waited >= Duration::from_millis(250), "{waited:?}");
        assert!(log.contains("waiting for another site command"), "{log}");
    }
}
