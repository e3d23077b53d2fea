//! Writing a user-named output path: the one rule every command follows.
//!
//! By what is at the path:
//! - nothing, or a regular file: the bytes go to a temporary file in the
//!   same directory, which is then renamed over the path (rename is atomic
//!   within one file system), so a reader sees the old file or the new one,
//!   never a torn one. A replaced file keeps its permission bits.
//! - a symbolic link: followed to what it finally names, which is written
//!   by these rules (a regular file is replaced at its real path); the link
//!   itself stays. A link to nothing is refused, so a stale link never
//!   makes a file appear somewhere else.
//! - a device, FIFO or socket: opened and written straight into; it is
//!   never replaced by a regular file.
//! - a directory: refused.
//!
//! A missing parent directory is an error naming it, and nothing is
//! created; a command whose purpose is to fill a directory tree (`site`,
//! `verify`, `board --certificates`) creates it with [`create_output_dir`].
//! The file is not synced: every output can be regenerated, and a sync
//! costs more than writing a certificate (about 1.5 ms for the paper's 1 MB
//! one).

use std::fs::{File, Metadata, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an output path could not be written; each names the path.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("cannot write {}: directory {} does not exist", path.display(), directory.display())]
    NoDirectory { path: PathBuf, directory: PathBuf },
    #[error("cannot write {}: {reason}", path.display())]
    Refused { path: PathBuf, reason: &'static str },
    #[error("cannot write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl OutputError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> OutputError + '_ {
        move |source| OutputError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    fn refused(path: &Path, reason: &'static str) -> OutputError {
        OutputError::Refused {
            path: path.to_path_buf(),
            reason,
        }
    }
}

/// Writes `bytes` to `path` by the module's rule.
pub fn write_output_file(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    write_output_file_with(path, |file| file.write_all(bytes))
}

/// [`write_output_file`] for output that `write` streams; an error from
/// `write` leaves an old regular file whole, like any other failure. Small
/// writes are buffered; a write of 8 KiB or more goes straight to the file,
/// so a caller writing large pieces (the Snaky certificate) has them copied
/// once, not twice.
pub fn write_output_file_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    let existing = match std::fs::symlink_metadata(path) {
        Ok(metadata) => Some(metadata),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(OutputError::io(path)(error)),
    };
    match existing {
        Some(metadata) if metadata.file_type().is_symlink() => write_through_link(path, write),
        Some(metadata) if metadata.is_dir() => Err(OutputError::refused(path, "it is a directory")),
        Some(metadata) if !metadata.is_file() => write_straight(path, write),
        existing => write_atomically(path, existing.as_ref(), write),
    }
}

/// A symbolic link, by what it finally names: a regular file is replaced
/// atomically at its real path (the link stays); a device or FIFO, such as
/// `/dev/stdout` on a pipe, is written through the link.
fn write_through_link(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    match std::fs::metadata(path) {
        Ok(target) if target.is_file() => {
            let real = std::fs::canonicalize(path).map_err(OutputError::io(path))?;
            write_atomically(&real, Some(&target), write)
        }
        Ok(target) if target.is_dir() => Err(OutputError::refused(path, "it is a directory")),
        Ok(_) => write_straight(path, write),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Err(OutputError::refused(
            path,
            "it is a symbolic link to nothing",
        )),
        Err(error) => Err(OutputError::io(path)(error)),
    }
}

/// Creates `dir` and its missing parents, for the commands whose purpose is
/// to fill a directory tree.
pub fn create_output_dir(dir: &Path) -> Result<(), OutputError> {
    std::fs::create_dir_all(dir).map_err(OutputError::io(dir))
}

/// Into a device or FIFO: opened for writing (a FIFO waits for its reader).
fn write_straight(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(OutputError::io(path))?;
    write_buffered(file, write).map_err(OutputError::io(path))
}

fn write_buffered(
    file: File,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut buffered = std::io::BufWriter::with_capacity(1 << 13, file);
    write(&mut buffered)?;
    buffered.flush()
}

/// A new or regular file: a temporary in the same directory, renamed over it.
fn write_atomically(
    path: &Path,
    existing: Option<&Metadata>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), OutputError> {
    let directory = existing_directory(path)?;
    let (temporary, file) = create_temporary(path, directory)?;
    let written = existing
        .map_or(Ok(()), |old| file.set_permissions(old.permissions()))
        .and_then(|()| write_buffered(file, write))
        .and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|error| {
        let _ = std::fs::remove_file(&temporary);
        OutputError::io(path)(error)
    })
}

/// The directory `path` goes in, which must exist: nothing is created.
fn existing_directory(path: &Path) -> Result<&Path, OutputError> {
    if path.file_name().is_none() {
        return Err(OutputError::refused(path, "it names no file"));
    }
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    match std::fs::metadata(directory) {
        Ok(metadata) if metadata.is_dir() => Ok(directory),
        Ok(_) => Err(OutputError::refused(path, "its parent is not a directory")),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            Err(OutputError::NoDirectory {
                path: path.to_path_buf(),
                directory: directory.to_path_buf(),
            })
        }
        Err(error) => Err(OutputError::io(directory)(error)),
    }
}

/// A fresh temporary `.NAME.PID.N.tmp` beside `path`; `create_new` never
/// follows or reuses whatever may already sit under that name.
fn create_temporary(path: &Path, directory: &Path) -> Result<(PathBuf, File), OutputError> {
    // Cut long names so the temporary's own name stays within NAME_MAX.
    let name: String = (path.file_name().unwrap_or_default().to_string_lossy())
        .chars()
        .take(100)
        .collect();
    let mut last = None;
    for attempt in 0..100 {
        let temporary = directory.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => return Ok((temporary, file)),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => last = Some(error),
            Err(error) => return Err(OutputError::io(path)(error)),
        }
    }
    let error = last.unwrap_or_else(|| std::io::Error::other("no temporary file name is free"));
    Err(OutputError::io(path)(error))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_names(dir: &Path) -> Vec<std::ffi::OsString> {
        let entries = std::fs::read_dir(dir).unwrap();
        entries.map(|e| e.unwrap().file_name()).collect()
    }

    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gamecert-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn writes_replace_the_file_and_leave_no_temporary() {
        let dir = fresh_dir("write");
        let path = dir.join("out.json");
        write_output_file(&path, b"first").unwrap();
        write_output_file(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(file_names(&dir), ["out.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_in_the_way_is_refused_and_nothing_is_left() {
        let dir = fresh_dir("write-fail");
        let blocked = dir.join("blocked");
        std::fs::create_dir_all(&blocked).unwrap();
        let error = write_output_file(&blocked, b"never").unwrap_err();
        assert!(error.to_string().contains("is a directory"), "{error}");
        assert_eq!(file_names(&dir), ["blocked"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_named_and_not_created() {
        let dir = fresh_dir("write-missing");
        let path = dir.join("no").join("such").join("out.json");
        let error = write_output_file(&path, b"never").unwrap_err();
        let expected = format!("directory {} does not exist", dir.join("no/such").display());
        assert!(error.to_string().contains(&expected), "{error}");
        assert!(file_names(&dir).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_stream_that_fails_midway_leaves_the_old_file_whole() {
        let dir = fresh_dir("write-stream");
        let path = dir.join("out.json");
        write_output_file_with(&path, |out| out.write_all(b"streamed")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"streamed");
        let failed = write_output_file_with(&path, |out| {
            out.write_all(b"half")?;
            Err(std::io::Error::other("stopped"))
        });
        let message = failed.unwrap_err().to_string();
        assert_eq!(message, format!("cannot write {}: stopped", path.display()));
        assert_eq!(std::fs::read(&path).unwrap(), b"streamed");
        assert_eq!(file_names(&dir), ["out.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = fresh_dir("write-mode");
        let path = dir.join("out.json");
        std::fs::write(&path, b"old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_output_file(&path, b"new").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
