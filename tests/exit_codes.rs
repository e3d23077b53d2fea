//! The one exit rule, command by command: 0 every claim the command decides
//! holds and every certificate it emits passes its audit; 1 a claim is
//! refuted or an audit fails; 2 bad input or usage (including failed writes).

mod common;

use common::{gamecert, root, stderr, stdout};
use std::process::{Command, Stdio};

fn code(args: &[&str]) -> i32 {
    let output = gamecert(args);
    output.status.code().expect("an exit code, not a signal")
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecert-exit-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn tictactoe_codes() {
    assert_eq!(code(&["tictactoe"]), 0, "every claim holds on 3x3");
    assert_eq!(code(&["tictactoe", "--rows", "3", "--cols", "4"]), 0);
    assert_eq!(code(&["tictactoe", "--k", "4"]), 2);
    assert_eq!(code(&["tictactoe", "--no-such-flag"]), 2);
}

#[test]
fn chess1d_codes() {
    let refuted = gamecert(&["chess1d"]);
    assert_eq!(refuted.status.code(), Some(1), "claim 2b is refuted");
    assert!(stdout(&refuted).contains("claim 2b [REFUTED]"));
    assert_eq!(
        code(&["chess1d", "--squares", "7"]),
        0,
        "no claims off 8 squares"
    );
    assert_eq!(code(&["chess1d", "--squares", "5"]), 2);
    assert_eq!(code(&["chess1d", "--line", "1. N2-5"]), 2);
}

#[test]
fn snaky_codes() {
    assert_eq!(code(&["snaky", "check"]), 0);
    assert_eq!(code(&["snaky", "check", "--bound", "20"]), 1);
    assert_eq!(code(&["snaky", "check", "no/such/table.txt"]), 2);
    assert_eq!(code(&["snaky", "search", "--bound", "20"]), 1);
    assert_eq!(code(&["snaky", "play", "--breaker", "far"]), 0);
    assert_eq!(
        code(&["snaky", "play", "--bound", "5", "--breaker", "far"]),
        1
    );
    assert_eq!(code(&["snaky", "draw", "card", "5"]), 2, "5 is a base card");
}

#[test]
fn audit_codes() {
    assert_eq!(code(&["audit", "certificates/chess1d.json"]), 0);
    assert_eq!(code(&["audit"]), 0, "every committed certificate passes");
    let dir = temp_dir("audit");
    let text = std::fs::read_to_string(root().join("certificates/chess1d.json")).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["positions"] = serde_json::json!(1236);
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, value.to_string()).unwrap();
    assert_eq!(code(&["audit", tampered.to_str().unwrap()]), 1);
    for (name, body) in [
        ("not-json.json", "{"),
        ("unknown-kind.json", r#"{"kind":"go","format":1}"#),
        ("unknown-format.json", r#"{"kind":"chess1d","format":99}"#),
        ("no-format.json", r#"{"kind":"chess1d"}"#),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        let output = gamecert(&["audit", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{name}: {}", stderr(&output));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_codes() {
    let output = gamecert(&["verify", "--root", "no/such/root"]);
    assert_eq!(output.status.code(), Some(2));
    // The message names the absolute path, whatever the working folder.
    assert!(
        stderr(&output).contains(&format!("{}/no/such/root", root().display())),
        "{}",
        stderr(&output)
    );
}

#[test]
fn verify_check_fails_on_a_stale_certificate() {
    // (`just verify-check`, run by CI, is the passing case on the real tree.)
    let dir = temp_dir("verify");
    let certificates = dir.join("certificates");
    copy_tree(&root().join("certificates"), &certificates);
    let stale = certificates.join("tictactoe.json");
    let text = std::fs::read_to_string(&stale).unwrap();
    std::fs::write(&stale, text.replace("\"value\": 0", "\"value\": 1")).unwrap();
    let output = gamecert(&["verify", "--check", "--root", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("tictactoe.json differs"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The atlas cites the Snaky game's certificate: it is audited against the
/// file this run regenerates, not the one on disk (which after a format
/// change is the old format, here no certificate at all).
#[test]
fn verify_audits_the_atlas_against_the_tables_other_games_regenerate() {
    let dir = temp_dir("verify-cited");
    let certificates = dir.join("certificates");
    copy_tree(&root().join("certificates"), &certificates);
    std::fs::write(certificates.join("snaky21.json"), "{}").unwrap();
    let output = gamecert(&["verify", "--check", "--root", dir.to_str().unwrap()]);
    let errors = stderr(&output);
    assert!(errors.contains("snaky21.json differs"), "{errors}");
    assert!(!errors.contains("FAILED audit"), "{errors}");
    assert_eq!(
        output.status.code(),
        Some(1),
        "only the stale file: {errors}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Runs the binary with stdout or stderr sent to /dev/full.
fn with_full_device(args: &[&str], stdout_full: bool) -> std::process::Output {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamecert"));
    command.args(args).current_dir(root());
    if stdout_full {
        command.stdout(full()).stderr(Stdio::piped());
    } else {
        command.stdout(Stdio::piped()).stderr(full());
    }
    command.output().unwrap()
}

#[test]
fn a_failed_write_of_stdout_is_exit_2_and_never_a_panic() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full on this machine");
        return;
    }
    for args in [
        vec!["tictactoe"],
        vec!["snaky", "check"],
        vec!["snaky", "draw", "card", "6"],
        vec!["audit", "certificates/tictactoe.json"],
    ] {
        let output = with_full_device(&args, true);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stderr(&output).contains("cannot write standard output"));
    }
}

#[test]
fn a_failed_write_of_stderr_changes_nothing() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full on this machine");
        return;
    }
    // Bad input writes its message to stderr: the code stays 2, not 101.
    let output = with_full_device(&["tictactoe", "--k", "4"], false);
    assert_eq!(output.status.code(), Some(2));
    let output = with_full_device(&["tictactoe"], false);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_failed_file_write_leaves_no_torn_file_and_exits_2() {
    let dir = temp_dir("torn");
    // A directory where the output file should go: the rename fails.
    let blocked = dir.join("out.json");
    std::fs::create_dir_all(&blocked).unwrap();
    let output = gamecert(&["tictactoe", "--json", blocked.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers, ["out.json"], "no temporary file is left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}
