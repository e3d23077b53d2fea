//! Writing output files so that a failure never leaves a torn file: the
//! bytes go to a temporary file in the same directory, which is then renamed
//! over the target (rename is atomic within one file system). The file is
//! not synced first: a reader never sees a torn file either way, every
//! output can be regenerated, and a sync costs more than writing a
//! certificate (about 1.5 ms for the paper's 1 MB one).

use std::io::Write;
use std::path::Path;

pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// [`write_atomically`] for output that `write` streams into the file; an
/// error from `write` leaves the old file whole, like any other failure.
/// Small writes are buffered; a write of 8 KiB or more goes straight to the
/// file, so a caller writing large pieces (as the Snaky certificate does)
/// has them copied once, not twice.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let parent = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(parent)?;
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other(format!("{} names no file", path.display())))?;
    let temporary = parent.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = std::fs::File::create(&temporary).and_then(|file| {
        let mut buffered = std::io::BufWriter::with_capacity(1 << 13, file);
        write(&mut buffered)?;
        buffered.flush()
    });
    match written.and_then(|()| std::fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = std::fs::remove_file(&temporary);
            Err(error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_names(dir: &Path) -> Vec<std::ffi::OsString> {
        let entries = std::fs::read_dir(dir).unwrap();
        entries.map(|e| e.unwrap().file_name()).collect()
    }

    #[test]
    fn writes_replace_the_file_and_leave_no_temporary() {
        let dir = std::env::temp_dir().join(format!("gamecert-write-{}", std::process::id()));
        let path = dir.join("out.json");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(file_names(&dir), ["out.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_whole() {
        let dir = std::env::temp_dir().join(format!("gamecert-write-fail-{}", std::process::id()));
        let path = dir.join("out.json");
        write_atomically(&path, b"whole").unwrap();
        // A directory in the file's place makes the rename fail.
        let blocked = dir.join("blocked");
        std::fs::create_dir_all(&blocked).unwrap();
        assert!(write_atomically(&blocked, b"never").is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        let leftovers = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".tmp")
            })
            .count();
        assert_eq!(leftovers, 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_stream_that_fails_midway_leaves_the_old_file_whole() {
        let dir =
            std::env::temp_dir().join(format!("gamecert-write-stream-{}", std::process::id()));
        let path = dir.join("out.json");
        write_atomically_with(&path, |out| out.write_all(b"streamed")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"streamed");
        let failed = write_atomically_with(&path, |out| {
            out.write_all(b"half")?;
            Err(std::io::Error::other("stopped"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "stopped");
        assert_eq!(std::fs::read(&path).unwrap(), b"streamed");
        assert_eq!(file_names(&dir), ["out.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
