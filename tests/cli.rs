mod common;

use common::{gamecert, stdout};

#[test]
fn help_lists_the_subcommands_and_exits_zero() {
    let output = gamecert(&["--help"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("verify"), "{text}");
    assert!(text.contains("audit"), "{text}");
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    let output = gamecert(&["no-such-command"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn audit_of_a_missing_file_exits_two() {
    let output = gamecert(&["audit", "does/not/exist.json"]);
    assert_eq!(output.status.code(), Some(2));
}
