//! The output rule (docs/commands.md, "Output paths"), run through the built binary:
//! a device or FIFO is written straight into and never replaced, a symbolic
//! link is followed and kept, a missing parent directory is exit 2 with
//! nothing created, a failed write names the path and the OS error, a
//! closed stdout is exit 2 with one line; and the stated input limits.

#![cfg(unix)]

mod common;

use common::{gamecert, root, stderr};
use std::io::{BufRead, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecert-out-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The cheap command that writes a certificate: tic-tac-toe's (16 KB).
fn tictactoe_json(path: &Path) -> Output {
    gamecert(&["tictactoe", "--json", path.to_str().unwrap()])
}

/// The certificate bytes `tictactoe --json` writes to a regular file.
fn expected_certificate() -> Vec<u8> {
    let dir = temp_dir("expected");
    let path = dir.join("plain.json");
    assert_eq!(tictactoe_json(&path).status.code(), Some(0));
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    bytes
}

fn is_char_device(path: &str) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

fn no_device(path: &str) -> bool {
    let missing = !is_char_device(path);
    if missing {
        eprintln!("SKIPPED: no character device {path} on this machine");
    }
    missing
}

#[test]
fn a_full_device_is_exit_2_naming_it_and_stays_a_device() {
    if no_device("/dev/full") {
        return;
    }
    // tictactoe writes a finished text; snaky check streams its certificate.
    for args in [
        &["tictactoe", "--json", "/dev/full"][..],
        &["snaky", "check", "--json", "/dev/full"],
    ] {
        let output = gamecert(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(
            message.contains("cannot write /dev/full: No space left on device"),
            "{args:?}: {message}"
        );
        assert!(is_char_device("/dev/full"), "{args:?} replaced /dev/full");
    }
}

#[test]
fn dev_null_is_written_into_and_stays_a_device() {
    if no_device("/dev/null") {
        return;
    }
    let output = gamecert(&["tictactoe", "--json", "/dev/null"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(is_char_device("/dev/null"));
}

/// Opening the FIFO for writing without blocking: a reader still waiting
/// in `open` gets end of file; with no reader it fails, which is fine.
fn release_reader(fifo: &Path) {
    let _ = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(fifo);
}

#[test]
fn a_fifo_receives_the_certificate_and_stays_a_fifo() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("out.json");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("SKIPPED: mkfifo is not available on this machine");
        return;
    }
    let reading = fifo.clone();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::fs::File::open(&reading)
            .and_then(|mut file| file.read_to_end(&mut bytes))
            .map(|_| bytes)
    });
    let output = tictactoe_json(&fifo);
    // Should gamecert have failed before opening the FIFO, the reader
    // would wait for ever.
    release_reader(&fifo);
    let received = reader.join().unwrap().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(received, expected_certificate());
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced");
    assert_eq!(names(&dir), ["out.json"], "no temporary file is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_symlink_to_a_file_is_kept_and_its_target_replaced() {
    let dir = temp_dir("symlink");
    let target = dir.join("target.json");
    let link = dir.join("link.json");
    std::fs::write(&target, b"old").unwrap();
    std::os::unix::fs::symlink("target.json", &link).unwrap();
    let output = tictactoe_json(&link);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("target.json"));
    assert_eq!(std::fs::read(&target).unwrap(), expected_certificate());
    assert_eq!(names(&dir), ["link.json", "target.json"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_symlink_to_nothing_is_refused_and_nothing_is_created() {
    let dir = temp_dir("dangling");
    let link = dir.join("link.json");
    std::os::unix::fs::symlink("missing.json", &link).unwrap();
    let output = tictactoe_json(&link);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(
        message.contains(&format!(
            "cannot write {}: it is a symbolic link to nothing",
            link.display()
        )),
        "{message}"
    );
    assert_eq!(names(&dir), ["link.json"], "missing.json is not created");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_symlink_to_a_device_writes_into_the_device() {
    if no_device("/dev/full") {
        return;
    }
    let dir = temp_dir("symlink-device");
    let link = dir.join("full.json");
    std::os::unix::fs::symlink("/dev/full", &link).unwrap();
    let output = tictactoe_json(&link);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains("No space left on device"), "{message}");
    assert!(is_char_device("/dev/full"));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_parent_directory_is_exit_2_naming_it_and_creates_nothing() {
    let dir = temp_dir("parent");
    let missing = dir.join("no").join("such");
    let path = missing.join("out.json");
    for args in [
        &["tictactoe", "--json", path.to_str().unwrap()][..],
        &["snaky", "check", "--json", path.to_str().unwrap()],
        &["animals", "dimacs", "2", "2", "-o", path.to_str().unwrap()],
    ] {
        let output = gamecert(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        let expected = format!("directory {} does not exist", missing.display());
        assert!(message.contains(&expected), "{args:?}: {message}");
        assert!(names(&dir).is_empty(), "{args:?} created {:?}", names(&dir));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs gamecert with stdout on a pipe, reads one line and closes the pipe.
fn read_one_line_and_close(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamecert"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gamecert binary runs");
    let mut first = String::new();
    let stdout = child.stdout.take().unwrap();
    std::io::BufReader::new(stdout)
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "{args:?} printed nothing");
    // The reader is dropped here: every later write meets a closed pipe.
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_stdout_is_exit_2_with_one_line() {
    // snaky check prints its 350 KB certificate at the end; animals list
    // prints as it goes: both outrun the 64 KB a pipe buffers.
    for args in [
        &["snaky", "check", "--json", "-"][..],
        &["animals", "list", "--cells", "10"],
    ] {
        let output = read_one_line_and_close(args);
        let message = stderr(&output);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {:?}, {message}",
            output.status
        );
        assert_eq!(
            message, "gamecert: cannot write standard output: Broken pipe (os error 32)\n",
            "{args:?}"
        );
    }
}

#[test]
fn region_sizes_beyond_the_limit_are_refused_before_allocating() {
    for args in [
        &["animals", "dimacs", "100000", "100000"][..],
        &["animals", "dimacs", "65", "6"],
        &["animals", "dimacs", "7", "0"],
        &["animals", "search", "--region", "100000", "100000"],
        &["animals", "search", "--max-area", "100000000"],
        &["snaky", "board", "100000"],
    ] {
        let output = gamecert(args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(message.contains("is not in"), "{args:?}: {message}");
    }
    let largest = gamecert(&["animals", "dimacs", "64", "2", "-o", "/dev/null"]);
    assert_eq!(largest.status.code(), Some(0), "{}", stderr(&largest));
}

/// The kernel's own binary: beside gamecert when the workspace is built,
/// else built once into a target directory of its own (cargo holds the
/// lock of the one running this test).
fn kernel_binary() -> PathBuf {
    let producer = PathBuf::from(env!("CARGO_BIN_EXE_gamecert"));
    let beside = producer.with_file_name("gamecert-audit");
    if beside.exists() {
        return beside;
    }
    let profile_dir = producer.parent().unwrap();
    let profile = profile_dir.file_name().unwrap().to_str().unwrap();
    let profile = if profile == "debug" { "dev" } else { profile };
    let target = profile_dir.join("output-paths-kernel");
    let status = Command::new(option_env!("CARGO").unwrap_or("cargo"))
        .args(["build", "--offline", "-p", "gamecert-audit", "--bin"])
        .args(["gamecert-audit", "--profile", profile, "--target-dir"])
        .arg(&target)
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cannot build gamecert-audit");
    let built = target.join(profile_dir.file_name().unwrap());
    built.join("gamecert-audit")
}

#[test]
fn dev_zero_is_refused_by_both_audits_naming_it() {
    if no_device("/dev/zero") {
        return;
    }
    let producer = gamecert(&["audit", "/dev/zero"]);
    let kernel = Command::new(kernel_binary())
        .arg("/dev/zero")
        .output()
        .expect("gamecert-audit runs");
    for (name, output) in [("gamecert audit", producer), ("gamecert-audit", kernel)] {
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{name}: {message}");
        assert!(message.contains("/dev/zero"), "{name}: {message}");
    }
}

#[test]
fn audit_outside_the_project_root_names_the_folder_it_tried() {
    let dir = temp_dir("audit-root");
    let output = Command::new(env!("CARGO_BIN_EXE_gamecert"))
        .arg("audit")
        .current_dir(&dir)
        .output()
        .expect("the gamecert binary runs");
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    let tried = std::fs::canonicalize(&dir).unwrap().join("certificates");
    assert!(
        message.contains(&format!("cannot read {}", tried.display())),
        "{message}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
